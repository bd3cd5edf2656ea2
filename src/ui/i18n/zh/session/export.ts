/** Chinese: the session page's Export tab. Part of the pages' catalog (../pages.ts). */
import { groupDigits } from '../../numbers';
import type { PageText } from '../../en/pages';

const words: Pick<PageText, 'export' | 'largeExport'> = {
  // ── export ──
  export: (() => {
    const g = groupDigits;
    const secrets: Record<import('../../../../core/export/redact').SecretKind, string> = {
      'private-key': '私钥块',
      'url-password': 'URL 中的密码',
      'anthropic-key': 'Anthropic API 密钥',
      'openai-key': 'OpenAI 风格的 API 密钥（sk-…）',
      'google-key': 'Google API 密钥',
      'github-token': 'GitHub 令牌',
      'gitlab-token': 'GitLab 令牌',
      'aws-key': 'AWS 访问密钥 ID',
      'aws-secret': 'AWS 秘密访问密钥',
      'slack-token': 'Slack 令牌',
      'slack-webhook': 'Slack webhook 地址',
      'stripe-key': 'Stripe 密钥',
      'huggingface-token': 'Hugging Face 令牌',
      'groq-key': 'Groq API 密钥',
      'xai-key': 'xAI API 密钥',
      'telegram-token': 'Telegram 机器人令牌',
      jwt: 'JSON Web Token（JWT）',
      bearer: 'Bearer 或 Basic 凭据',
      email: '电子邮件地址',
      'home-path': '主目录路径中的用户名',
      'session-key': '会话键',
    };
    return {
      heading: '导出与分享',
      local: '一切都在本页中完成：文件在这里生成，由浏览器下载保存。不会上传任何内容。',
      what: '内容',
      sourceSession: (n: number) => `存储的会话（${g(n)} 条消息）`,
      sourceReplay: '回放：nanobot 发送给模型的内容（按“回放”标签页的设置）',
      sourceReplayUpto: (user: number, upto: number, total: number) => `回放：nanobot 发送给模型的内容（按“回放”标签页的设置），截至用户消息 #${user}：${g(total)} 条消息中的前 ${g(upto)} 条`,
      format: '格式',
      formatHtml: 'HTML 页面（离线、无脚本）',
      formatJson: 'JSON（消息原样）',
      whatSession: '存储的会话',
      whatReplay: '回放：nanobot 发送给模型的内容',
      scanning: (done: number, total: number) => `正在查找密钥和个人信息… 已检查 ${g(done)} / ${g(total)} 条消息`,
      redaction: '1. 脱敏',
      preview: '2. 预览（已脱敏，与将要保存的内容完全一致）',
      previewLabel: '导出预览',
      save: '3. 保存',
      download: (name: string) => `下载 ${name}`,
      failed: '无法加载导出工具。请重新加载页面后再试。',
      loading: '正在加载导出工具…',
      counting: (pct: number) => `正在为 token 预算计数… ${pct}%`,
      tokenizerFailed: '无法加载分词器，因此无法计算带预算的回放。请改为导出会话，或重新加载后再试。',
      raises: (error: string, message: number) => `nanobot 的 get_history 抛出 ${error}（消息 ${message}），因此没有可导出的内容。`,
      recoveredNote: ' —— nanobot 从这个文件中什么也加载不到；这里回放的是恢复出的消息',
      uptoNote: (user: number, upto: number, total: number, lastConsolidated: number) => ` —— 截至用户消息 #${user}：${total} 条消息中的前 ${upto} 条，使用当前的 last_consolidated（${lastConsolidated}）`,
      nothingFound: '没有发现需要脱敏的内容（API 密钥、令牌、私钥、URL 密码、电子邮件地址、主目录、会话键）。',
      findings: (n: number) => `${g(n)} 处发现`,
      maskedUnmasked: (masked: number, unmasked: number) => `${g(masked)} 处已遮蔽，${g(unmasked)} 处由你取消遮蔽`,
      allMasked: '全部已遮蔽',
      comma: '，',
      end: '。',
      findingsLabel: '发现的内容',
      listedFirst: (shown: number, total: number) => `此处列出 ${g(total)} 项中的前 ${g(shown)} 项；其余各项均已遮盖。`,
      inWhere: '位于 {where}{key}：',
      inKey: '（键名中）',
      whereTitle: '标题',
      whereKey: '键',
      whereMessage: (n: number) => `消息 ${n}`,
      maskAgain: '重新遮蔽',
      unmask: '取消遮蔽',
      mask: (label: string, n: number) => `[已遮蔽：${label} #${n}]`,
      secret: (kind) => secrets[kind],
      doc: () => ({
        lang: 'zh-CN',
        untitled: '会话',
        sessionKey: '会话键',
        colon: '：',
        messages: (n: number) => `${n} 条消息`,
        notADict: '（不是 dict）',
        value: '值',
        noRole: '（无 role）',
        name: '名称 ',
        answers: '回应 ',
        reasoning: '推理过程',
        thinkingBlocks: '思考块',
        block: '块',
        typedBlock: (type: string) => `${type} 块`,
        content: 'content',
        toolCall: '工具调用',
      }),
    };
  })(),

  // ── 大文件模式的“导出”视图（分片读取文件，导出内容由多个部分组成一个 Blob）──
  largeExport: (() => {
    const g = groupDigits;
    return {
      reading: '正在读取会话的标题和键…',
      cancel: '取消',
      cancelled: '已停止：没有生成文件。',
      again: '重新开始',
      failed: (why: string) => `导出时无法读取文件：${why}`,
      previewFirst: (n: number, total: number) => `2. 预览 ${g(total)} 条消息中的前 ${g(n)} 条（已遮盖，与保存的内容完全一致）`,
      make: '生成文件',
      making: (done: number, total: number) => `正在写入文件… 已完成 ${g(done)} / ${g(total)} 条消息`,
      made: '文件在本页中生成；下载即可保存。',
    };
  })(),
};

export default words;
