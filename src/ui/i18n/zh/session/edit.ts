/** Chinese: the session page's Edit tab. Part of the pages' catalog (../pages.ts). */
import type { PageText } from '../../en/pages';
import { groupDigits as g } from '../../numbers';

const words: Pick<PageText, 'edit' | 'largeEdit' | 'saveNote'> = {
  // ── edit ──
  edit: {
    heading: '编辑',
    private: '这些文件保存在本浏览器自己的存储中：没有任何 nanobot 读写它们，可以随意编辑（开始页上的“重置演示”会把它们恢复原样）。',
    ownerOnly: '在这里保存会使文件只对你可见',
    ownerOnlyWhy:
      '（权限 0600：浏览器的保存会替换文件，而 Chromium 给新文件只有所有者可访问的权限）。如果 nanobot 以另一个用户身份运行，之后它就无法再读取这个会话；可以用',
    ownerOnlyEnd: ' 重新授予它访问权限。',
    atomic:
      '保存方式与 nanobot 相同：新的字节先写入一个 .tmp 文件，再一步替换会话文件（os.replace：读取者看到的要么是旧文件，要么是新文件，绝不会是各一半）；如果文件在读取之后被改动过，保存会被拒绝；你没有编辑的行保持原有字节不变。',
    fsync: 'fsync（分叉会使用）是另一项保证：在崩溃或断电之前，字节已经写到磁盘上。',
    noFsync: '网页没有 fsync（nanobot 的分叉会使用它）：系统会在它自己的时机把字节写到磁盘。',
    readOnly: '这个会话以只读方式打开：每项编辑都以下载编辑后文件的形式提供；磁盘上的内容不会改变。',
    reloaded: '已从磁盘重新加载。',
    fileCap: (messages, label, cap, everySave, kept, archived) =>
      `这个会话有 ${g(messages)} 条消息，超过了 ${label} 的上限 ${g(cap)} 条：${everySave ? '它下一次保存这个会话时（一轮对话之后、关闭时或分叉时）' : '它的下一轮 agent 对话'}会只保留最后 ${g(kept)} 条，并把 ${g(archived)} 条从未归档的消息交给它的记忆归档。`,
    refusal: (r) => {
      switch (r.code) {
        case 'raises': return `nanobot 会抛出 ${r.error.type}: ${r.error.message}`;
        case 'bad-last-consolidated': return `last_consolidated 必须是 0 到 ${g(r.max)} 之间的整数；nanobot 会把其他任何值重置为 0。`;
        case 'no-line': return `没有第 ${g(r.line)} 行。`;
        case 'line-cannot-save': return `第 ${g(r.line)} 行无法保存：nanobot 会抛出 ${r.error.type}: ${r.error.message}。没有写入任何内容。`;
      }
    },
    change: (c) => {
      switch (c.code) {
        case 'title': return `标题改为“${c.title}”（标记为由你编辑，所以 nanobot 会保留它）。`;
        case 'archive':
          return `${c.upTo === 0 ? '没有消息' : c.upTo === 1 ? '消息 1 ' : `消息 1–${g(c.upTo)} `}算作已归档到记忆；回放从它们之后开始（剩余 ${g(c.total - c.upTo)} 条可回放）。`;
        case 'append': return `在末尾添加一条 ${c.role} 消息。`;
        case 'remove-line': return `删除第 ${c.line} 行。`;
        case 'trim-nothing': return `无需删除：全部 ${g(c.total)} 条消息都在 ${g(c.max)} 条之内；文件保持不变。`;
        case 'trim': return `删除 ${g(c.total)} 条消息中的 ${g(c.dropped)} 条（${g(c.archived)} 条已归档，${g(c.dropped - c.archived)} 条从未归档），保留 ${g(c.kept)} 条。`;
        case 'clear': return `${c.messages === 1 ? '删除唯一的一条消息' : `删除全部 ${g(c.messages)} 条消息`}；元数据记录保留。`;
        case 'repair':
          return `在一条元数据记录下写入 ${g(c.messages)} 条消息${c.merged > 0 ? `（合并了 ${g(c.merged)} 条多余的元数据记录）` : ''}，去掉 ${g(c.removed)} 行损坏行或空行（保留在备份中）。`;
      }
    },
    card: {
      preview: '预览',
      previewLead: '预览：',
      confirm: (action) => `确定，${action}`,
      backup: '先备份文件，就像修复时那样（放在它旁边，文件名为 …jsonl.<时间>.bak：nanobot 从不列出它）',
      working: '处理中…',
      conflict: '未保存：文件在读取之后在磁盘上被改动过。',
      notSaved: (message) => `未保存：${message}`,
      conflictNote: '没有覆盖任何内容。正在运行的 nanobot gateway会重新保存它缓存的会话（关闭时也会），这是发生这种情况的一种原因。',
      reload: '从磁盘重新加载',
      progressLabel: '保存进度',
      starting: '正在开始保存…',
      progress: (phase, done, total) => (phase === 'backup' ? `正在备份：${done} / ${total}` : `正在写入新文件：${done} / 约 ${total}`),
      cancel: '取消保存',
      stopping: '正在取消…',
      cancelled: '已取消保存：文件没有改动，临时文件已删除。',
    },
    diff: {
      none: '没有行发生变化。',
      totals: (removed, added, rewritten) =>
        `${[removed && `删除 ${g(removed)} 行`, added && `新增 ${g(added)} 行`, rewritten && `改写 ${g(rewritten)} 行`].filter(Boolean).join('，')}；其余每一行都保持原有字节。`,
      label: '受影响的行',
      removed: '删除',
      added: '新增',
      rewritten: '改写',
      line: (line) => ` 第 ${line} 行`,
      newLine: (line) => ` 新的第 ${line} 行`,
      becomes: (line) => `（变为第 ${line} 行）`,
      more: (more) => `… 另有 ${g(more)} 处`,
    },
    saved: (file, bytes, backup) => `已保存 ${file}（${g(bytes)} 字节）。${backup ? `之前的文件已备份到 ${backup}。` : ''}`,
    downloaded: (file) => `已下载编辑后的 ${file}。磁盘上的文件没有改变：请在 nanobot 停止时自行替换它。`,
    title: {
      title: '标题',
      label: '新标题',
      save: '保存标题',
      download: '下载带此标题的文件',
    },
    append: {
      title: '添加一条消息',
      role: '角色',
      content: '内容',
      save: '添加消息',
      download: '下载带此消息的文件',
    },
    consolidated: {
      label: (total) => `last_consolidated（0 到 ${g(total)}）`,
      hint: (current, total) => `当前为 ${current}：前 ${current} 条消息已归档到记忆。nanobot 会把 0–${total} 之外的任何值重置为 0，所以这个边界永远不会隐藏全部历史。`,
      note: (archived, replayable) =>
        `${g(archived)} 条已归档（不回放）· ${g(replayable)} 条可回放。在这里归档不会向 nanobot 的记忆写入任何内容：你标记为已归档的消息会离开回放，且没有摘要。`,
      save: '保存 last_consolidated',
      download: '下载带此边界的文件',
    },
    trim: {
      title: '裁剪为合法后缀',
      label: '保留的消息数（max）',
      placeholder: (total) => `1 到 ${g(total)}`,
      hint: '不是简单切片：nanobot 保留最近的、可以合法回放的部分。0 会清空会话。',
      extendHint: '向前延伸到一条用户消息，而不是在一轮对话中间截断',
      notWhole: '请输入要保留的消息数（整数）。',
      goes: (first, last, all) =>
        `将被删除的消息：#${g(first)}${last > first ? `–${g(last)}` : ''}${all !== last - first + 1 ? `（共 ${g(all)} 条）` : ''}。`,
      keptStart: (message, role) =>
        role === 'user' ? `保留的部分从用户消息 #${g(message)} 开始。` : `保留的部分从 #${g(message)} 开始，它${role === null ? '没有角色' : `的角色是“${role}”`}，不是用户消息。`,
      unarchived: (count) =>
        `${g(count)} 条消息从未归档到记忆。nanobot 裁剪时（enforce_file_cap）会把这样的消息交给它的记忆归档；Session Lens 不会，所以它们会直接消失——如果你可能还需要它们，请先下载一份副本。`,
      confirm: (dropped, unarchived) => `这会从文件中删除 ${g(dropped)} 条消息${unarchived ? `，其中 ${g(unarchived)} 条从未归档` : ''}。`,
      save: '裁剪',
      download: '下载裁剪后的文件',
    },
    fork: {
      title: '在某轮用户消息之前分叉',
      noTurn: '这个会话没有可以在其之前分叉的用户消息。',
      noFork: (label: string) => `${label} 没有分叉功能：它的会话不能在某条用户消息之前分叉（这是之后的版本才有的），所以在这里写出的分叉是你的 nanobot 自己从不会生成的。`,
      preview: '预览分叉',
      turn: (max) => `在第几轮用户消息之前分叉（1 到 ${max}）`,
      turnIs: (turn, message) => `第 ${turn} 轮是消息 #${g(message)}：`,
      noText: '（无文本）',
      afterLast: '在最后一轮之后：复制全部消息',
      key: '新会话的键',
      file: '文件：',
      needKey: '请为新会话输入一个键。',
      ownKey: '分叉需要一个自己的键。',
      keyCannot: (reason) => `这个键无法用作文件名：${reason}`,
      badName: (name, reason) => `这个键得到的文件名“${name}”不可用：${reason}。`,
      pickTurn: (max) => `请选择 1 到 ${max} 之间的一轮用户消息。`,
      summary: (name, messages, turn, lastConsolidated) =>
        `写入 ${name}，包含第 ${turn} 轮用户消息之前的 ${g(messages)} 条消息（last_consolidated ${lastConsolidated}）。源文件不会改变。`,
      notCarried: '未带过去（它们属于源会话的对话线索）：',
      save: '写入分叉',
      download: '下载分叉',
      downloaded: (name) => `已下载 ${name}。把它放进 sessions 文件夹即可使用。`,
      wrote: (path, fsync) => `已写入 ${path}${fsync ? '（已用 fsync 保存，与 nanobot 的分叉相同）' : '（网页无法 fsync：系统会在它自己的时机写到磁盘，与浏览器的任何保存一样）'}。`,
    },
    removeLine: {
      title: '删除损坏行或空行',
      label: '行',
      option: (line) => `第 ${line} 行：`,
      blank: '（空行）',
      confirm: (line) => `第 ${line} 行将从文件中消失。`,
      save: '删除此行',
      download: '下载删除此行后的文件',
    },
    repair: {
      title: '修复',
      backupNote: '会先在当前文件旁边写一份备份，文件名以 .bak 结尾（nanobot 从不列出它）。',
      downloadNote: '下载修复后的文件；原文件保持不变。',
      confirm: (removed) => `文件将被重写${removed ? `，去掉 ${g(removed)} 行损坏行或空行` : ''}。`,
      save: '修复（先备份）',
      download: '下载修复后的文件',
      nothing: '无需修复：文件已经是 nanobot 写出的格式。',
      explain: '按 nanobot 的写法重写文件：一条元数据记录，然后每条可读的消息一行；无法读取的行会被去掉（并保留在备份中）。',
      preview: '预览修复',
    },
    clear: {
      title: '清空所有消息',
      confirm: (messages) => `将从文件中删除全部 ${g(messages)} 条消息。`,
      save: '清空',
      download: '下载清空后的文件',
      explain: 'nanobot 的 clear()：删除每一条消息，last_consolidated 变为 0，忘掉记忆摘要（_last_summary）；损坏的行保留。',
      preview: '预览清空',
    },
    remove: {
      title: '删除会话文件',
      alsoRemoves: (label) => `${label} 自己的 delete_session 还会删除 `,
      alsoRemovesEnd: '（如果存在）；Session Lens 只删除这个文件。',
      summary: (path) => `删除 ${path}。之后 nanobot 下次使用这个会话时会从空会话开始。`,
      confirm: (file, messages) => `${file} 及其 ${g(messages)} 条消息将被删除。没有备份就无法撤销。`,
      save: '删除文件',
      deleted: (path, backup) => `已删除 ${path}。${backup ? `它的最后一个版本已备份到 ${backup}。` : ''}`,
      needsWrite: '删除需要对文件夹有写权限（这个会话是以只读方式打开的）。',
    },
  },

  // ── 编辑标签页的读取与规划，以及大文件的索引在只读时无法提供的 ──
  largeEdit: {
    reading: '正在读取文件…',
    planning: '正在规划这次编辑…',
    repairReadOnly: '这么大的文件，修复会重写每一行消息，因此需要对文件夹的写入权限；此会话以只读方式打开。',
    needsWrite: '这个分叉要重写文件中太多的行，无法作为下载提供，因此需要对文件夹的写入权限；此会话以只读方式打开。',
  },
  saveNote: {
    notAtomic: (label: string) => `${label} 直接改写会话文件，而不是经由临时文件：如果它在保存途中停下，或遇到无法写出的消息，文件就会在那里被截断。在这里保存之前请先停止 nanobot。`,
    emptySession: (label: string) => `${label} 没有修复流程：只要有一行、一个字节、一个 BOM 或 created_at 有问题，它就什么也不加载，改为新建一个空会话，并在下次保存时用它覆盖该文件。在 nanobot 打开你改过的文件之前，请先查看“文件”标签页。`,
    emptiesThis: (label: string) => `${label} 无法按原样加载这个文件：它会改为新建一个空会话，并在下次保存时用它覆盖该文件，这里的所有消息都会丢失。请在 nanobot 再次使用这个会话之前修复该文件（“编辑”标签页）。`,
  },
};

export default words;
