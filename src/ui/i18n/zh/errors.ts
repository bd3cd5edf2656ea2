/** Chinese words of storage errors (a StoreError's reason); loaded after the first paint, see i18n/text.ts. */
import type { ErrorText } from '../en/errors';
import { groupDigits } from '../numbers';
import type { NameProblem, SnapshotChange, StoreAction, StoreErrorCode, StoreReason } from '../../../store/adapter/errors';
import { isoTime } from '../../../store/save/snapshot';

const ACTION: Record<StoreAction, string> = {
  checking: '检查',
  reading: '读取',
  listing: '列出',
  saving: '保存',
  creating: '创建',
  opening: '打开',
  writing: '写入',
  finishing: '完成写入',
  replacing: '替换',
  removing: '删除',
  'cleaning-up': '清理',
  renaming: '重命名',
  'renaming-onto': '重命名到',
  'syncing-folder': '同步文件夹',
};

const FAULT: Record<StoreErrorCode, string> = {
  'not-found': '找不到它',
  permission: '访问权限被拒绝或已被撤销',
  quota: '存储配额已满',
  conflict: '它在磁盘上被改动了',
  busy: '另一个写入者正在使用它（另一个标签页或程序正在保存它）',
  'bad-name': '这个磁盘无法容纳它的名称',
  'nanobot-raises': '无法按 nanobot 的方式保存它',
  cancelled: '它的保存已被取消',
  io: '无法访问它',
};

/** Why a native failure happened, from the coarse code and the native error's name. */
function nativeWhy(fault: StoreErrorCode, name: string): string {
  if (name === 'TypeMismatchError') return '需要文件的地方是文件夹，或需要文件夹的地方是文件';
  if (name === 'InvalidModificationError') return '无法替换它（目标是文件夹，或不是空的）';
  if (name === 'NotReadableError') return '读取过程中它被改动了';
  // 后台线程错误通道为自身故障所起的名字（store/large/worker-error.ts）。
  if (name === 'IndexNotSent') return '后台线程已不再持有该文件的索引（请重新打开文件）';
  if (name === 'UnexpectedReply') return '后台线程的回答与所问不符（请重新打开文件）';
  return FAULT[fault];
}

const char = (c: { cp: string; shown?: string }) => `${c.shown !== undefined ? `“${c.shown}”` : ''}（${c.cp}）`;

/** Why a name cannot be a file name, after “它”. */
function nameProblemZh(p: NameProblem): string {
  switch (p.code) {
    case 'empty': return '是空的';
    case 'dot-name': return `“${p.name}”表示文件夹，不是文件名`;
    case 'lone-surrogate': return `包含一个孤立的代理项（${p.cp}），任何磁盘都无法存储`;
    case 'forbidden': return `包含 ${char(p)}`;
    case 'invisible': return `包含不可见的控制字符（${p.cp}）`;
    case 'bad-start': return `以 ${char(p)} 开头`;
    case 'bad-end': return `以 ${char(p)} 结尾`;
    case 'device': return `“${p.stem}”是 Windows 的保留设备名`;
    case 'shell-file': return `“${p.name}”是 Windows 外壳的保留文件`;
    case 'shell-extension': return `扩展名为“.${p.ext}”，Windows 外壳会执行或隐藏这种文件`;
    case 'too-long': return `按 UTF-8 编码长 ${groupDigits(p.bytes)} 字节，上限为 ${p.max} 字节`;
  }
}

/** One thing that changed in a file since it was read. */
function snapshotChangeZh(c: SnapshotChange): string {
  switch (c.code) {
    case 'deleted': return '文件已被删除或重命名';
    case 'exists': return '同名文件已经存在';
    case 'size': return `大小 ${groupDigits(c.from)} → ${groupDigits(c.to)} 字节`;
    case 'modified': return `修改时间 ${isoTime(c.from)} → ${isoTime(c.to)}`;
    case 'content': return `内容不同（sha256 ${c.from}… → ${c.to}…）`;
    case 'replaced': return '它的字节已无法按原样读取';
    case 'shorter': return '它比建立索引时短了';
    case 'line': return `第 ${groupDigits(c.line)} 行已不再是一条记录`;
    case 'bytes': return `第 ${groupDigits(c.from)}–${groupDigits(c.to)} 字节与读取时不同`;
    case 'written-while-read': return `读取时它正被写入（大小 ${groupDigits(c.from)} → ${groupDigits(c.to)} 字节）`;
  }
}

/** A storage error in Chinese; paths, keys, Python's and the system's error texts as they are. */
function storeErrorZh(r: StoreReason, path = ''): string {
  switch (r.code) {
    case 'changed-while-read': return `“${path}”在读取过程中被改动了；是否有其他程序正在写入它？`;
    case 'keeps-changing': return `“${path}”在读取时不断变化；是否有其他程序正在写入它？`;
    case 'changed-since-read':
      return `“${path}”在读取之后已在磁盘上被改动${r.changes.length ? `：${r.changes.map(snapshotChangeZh).join('；')}` : ''}。请重新加载以查看新版本。（正在运行的 nanobot gateway 会在退出时重新保存它缓存的会话。）`;
    case 'name-exists': return `无法重命名“${r.from}”：“${r.to}”已经存在。`;
    case 'bad-name': return `无法使用名称“${r.name}”：它${nameProblemZh(r.why)}。`;
    case 'backslash': return `“${path}”包含反斜杠，而反斜杠在这里是路径分隔符。`;
    case 'not-relative': return `“${path}”不是已打开文件夹内的相对路径。`;
    case 'no-file-path': return '需要一个文件路径，而不是文件夹本身。';
    case 'not-a-file': return `“${path}”不是文件（它是一个文件夹）。`;
    case 'not-found': return `找不到“${path}”。`;
    case 'folder-not-empty': return `文件夹“${path}”不是空的。`;
    case 'permission-revoked': return `对“${path}”的访问权限已被撤销。`;
    case 'quota-exceeded': return `写入“${path}”时超出了存储配额。`;
    case 'busy': return `另一个写入者正在写入“${path}”。`;
    case 'cancelled': return `“${path}”的保存已取消：文件未改动，临时文件已删除。`;
    case 'injected': return `在“${path}”的 ${r.step} 步骤注入了 ${r.fault} 故障。`;
    case 'native': return `${ACTION[r.action]}“${path}”失败：${nativeWhy(r.fault, r.name)}。（${r.name || 'Error'}: ${r.text}）`;
    case 'nanobot-raises': return `${r.fileName} 无法保存：nanobot 的保存会抛出 ${r.error.type}: ${r.error.message}。没有写入任何内容。`;
    case 'line-cannot-save': return `第 ${groupDigits(r.line)} 行无法保存：nanobot 会抛出 ${r.error.type}: ${r.error.message}。没有写入任何内容。`;
    case 'no-user-turn': {
      const range = r.users === 0 ? '只能是 0（复制全部消息）' : `可以是 0 到 ${r.users - 1}，或者用 ${r.users} 复制全部消息`;
      return `没有第 ${r.userIndex} 个用户轮次可供在其之前分叉：用户轮次从 0 开始计数，此会话有 ${groupDigits(r.users)} 个用户轮次，所以索引${range}。`;
    }
    case 'fork-raises': return `nanobot 会抛出 ${r.error.type}: ${r.error.message}。没有写入任何内容。`;
    case 'key-cannot-name': return `键“${r.key}”无法用作文件名：${r.error}。`;
    case 'key-bad-file-name': return `键“${r.key}”得出的文件名“${r.name}”${nameProblemZh(r.why)}。`;
    case 'key-taken': return `此会话旁边已经有名为“${r.name}”的会话文件：键“${r.key}”已被占用（或与它共用同一个文件名）。请换一个键。`;
    case 'produce-failed': return `保存“${path}”时生成内容失败：${r.text}`;
    case 'size-mismatch': return `新文件写出了 ${groupDigits(r.written)} 字节，而不是计划的 ${groupDigits(r.planned)} 字节；没有替换任何内容。`;
  }
}

const errors: ErrorText = {
  storeError: (r, path) => storeErrorZh(r, path),
  snapshotChange: (c) => snapshotChangeZh(c),
  nameProblem: (p) => nameProblemZh(p),
  storeLeftover: (path) => `临时文件“${path}”无法删除；原文件没有改动。`,
  droppedFolders: (d) =>
    `${d.map((f) => `记住的文件夹${f.id !== null ? `“${f.id}”` : `第 ${groupDigits(f.at)} 条`}不是文件夹记录（${f.field || '整条记录'}${f.problem ? `：${f.problem}` : ''}），已略去`).join('；')}。`,
};

export default errors;
