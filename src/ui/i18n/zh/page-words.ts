/** Words shared by several of the pages' catalogs (zh). */
import type { Diagnostic } from '../../../core/lens/document';
import { groupDigits } from '../numbers';

const LISTED_ONLY_IF = '除非读取第 1 行失败（那里是无效的 JSON，或前 8 KiB 中有不是 UTF-8 的字节：此时它会列出修复流程恢复的内容）';
const JSON_TYPES = { array: '数组', null: 'null', number: '数字', string: '字符串', boolean: '布尔值' } as const;

/** 诊断的文字：由类型和值组成；句中引用的 Python 异常文本、值和文件名原样保留。 */
export function diagnostic(d: Diagnostic): string {
  switch (d.kind) {
    case 'invalid-utf8':
      return `不是合法的 UTF-8（${d.values.error}；该行第 ${groupDigits(d.values.byte)} 个字节）：nanobot 完全无法读取这个文件，会新建一个空会话，并在下次保存时替换整个文件。`;
    case 'bom':
      return '以字节顺序标记（U+FEFF）开头：nanobot 无法解析这一行，这一行会丢失。';
    case 'bad-json':
      return `不是合法的 JSON：${d.values.error}`;
    case 'too-deep':
      return `嵌套过深，Python 无法解析：${d.values.error}`;
    case 'not-object':
      return `是 JSON ${JSON_TYPES[d.values.type]}，不是对象：nanobot 遇到它会抛出 AttributeError，这个文件一条也加载不了。`;
    case 'blank-line':
      return '空行：nanobot 会跳过它（但自己从不写空行）。';
    case 'padded-line':
      return '前后有 JSON 不允许的空白；nanobot 加载时会去掉。';
    case 'line-ending':
      return `换行符为 ${d.values.endings.join('、')}：nanobot 都能读取，保存时一律写成 "\\n"。`;
    case 'no-final-newline':
      return '最后一行没有换行符：它可能在写入时被截断了。';
    case 'missing-metadata':
      return `没有元数据记录：nanobot 从文件名得出键；它的会话列表不会列出这个文件，${LISTED_ONLY_IF}。`;
    case 'metadata-not-first':
      return d.values.blankFirst
        ? '元数据记录不在第 1 行：nanobot 不会列出第一行为空行的文件。'
        : `元数据记录不在第 1 行：nanobot 的会话列表只读取第 1 行，因此不会列出这个文件，${LISTED_ONLY_IF}。`;
    case 'duplicate-metadata':
      return '有多条元数据记录：nanobot 加载时使用最后一条，但它的列表显示第一条。';
    case 'bad-time':
      return `${d.values.field} 不是 nanobot 能读取的 ISO 日期（${d.values.error}）：严格加载会失败，修复流程会把它替换为当前时间。`;
    case 'bad-last-consolidated':
      return `last_consolidated ${d.values.value} 不是 0 到 ${groupDigits(d.values.max)} 之间的整数：nanobot 会把它重置为 0，并再次回放已归档的消息。`;
    case 'key-mismatch':
      return `存储的键 "${d.values.key}" 应当在 ${d.values.expected} 中，而不是 ${d.values.fileName}：nanobot 会以另一个键加载这个文件，或者根本不加载。`;
    case 'key-not-text':
      return `存储的键是 ${d.values.key}，不是文本：nanobot 的列表会显示它，但 nanobot 按文本键查找会话，所以没有任何途径能按这个键打开它。`;
    case 'missing-role':
      return '消息没有 "role"：nanobot 的回放遇到它时会抛出 KeyError。';
  }
}
