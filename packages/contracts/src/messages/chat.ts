import type { Catalogue } from './catalogue.ts';

/** Messages of the chat domain (room chat over /ws/im; see messages.ts). */
export const chatMessages = {
  'chat.session_ended': { en: 'You have been logged out, please log in again to chat', zh: '您已退出登录，请重新登录后聊天', es: 'Se cerró su sesión; inicie sesión de nuevo para chatear' },
  'chat.bad_credential': { en: 'Chat login failed, please refresh the page', zh: '聊天登录失败，请刷新页面', es: 'Error al iniciar sesión en el chat, actualice la página' },
  'chat.no_room': { en: 'This room does not exist', zh: '房间不存在', es: 'Esta sala no existe' },
  'chat.not_joined': { en: 'Join the room first', zh: '请先进入房间', es: 'Primero entre en la sala' },
  'chat.empty': { en: 'Please enter a message', zh: '请输入消息内容', es: 'Escriba un mensaje' },
  'chat.too_long': { en: 'Messages can be at most {{max}} characters', zh: '消息最多 {{max}} 个字符', es: 'Los mensajes pueden tener como máximo {{max}} caracteres' },
  'chat.bad_frame': { en: 'Unknown request', zh: '未知请求', es: 'Solicitud desconocida' },
  'chat.user_unknown': { en: 'This user does not exist', zh: '用户不存在', es: 'Este usuario no existe' },
  'chat.minutes_invalid': { en: 'Choose a duration between 0 and 43200 minutes', zh: '时长须在 0 到 43200 分钟之间', es: 'Elija una duración entre 0 y 43200 minutos' },
  'chat.status_invalid': { en: 'Status must be 1 (set) or 0 (remove)', zh: '状态须为 1（设置）或 0（取消）', es: 'El estado debe ser 1 (asignar) o 0 (quitar)' },
  'chat.keyword_invalid': { en: 'Each keyword must be 1 to 20 characters', zh: '每个关键词须为 1 到 20 个字符', es: 'Cada palabra clave debe tener de 1 a 20 caracteres' },
  'chat.keywords_too_many': { en: 'At most 100 keywords', zh: '关键词最多 100 个', es: 'Como máximo 100 palabras clave' },
  'chat.keyword_blocked': { en: 'Your message contains a word blocked in this room', zh: '消息含有本房间屏蔽的词语', es: 'Su mensaje contiene una palabra bloqueada en esta sala' },
  'chat.muted': { en: 'You are muted in this room until {{until}}', zh: '你在本房间被禁言至 {{until}}', es: 'Está silenciado en esta sala hasta {{until}}' },
  'chat.kicked': { en: 'You were removed from this room until {{until}}', zh: '你已被移出本房间，至 {{until}} 前不能进入', es: 'Fue expulsado de esta sala hasta {{until}}' },
  'chat.not_moderator': { en: 'Only the anchor and room admins can do this', zh: '只有主播和房管可以操作', es: 'Solo el presentador y los administradores de la sala pueden hacerlo' },
  'chat.only_anchor': { en: 'Only the anchor of this room can do this', zh: '只有本房间主播可以操作', es: 'Solo el presentador de esta sala puede hacerlo' },
  'chat.cannot_moderate_staff': {
    en: 'Site staff cannot be muted or kicked in a room',
    zh: '不能在直播间禁言或踢出网站管理人员',
    es: 'No se puede silenciar ni expulsar al personal del sitio en una sala',
  },
  'chat.cannot_moderate': {
    en: 'The anchor and room admins cannot be muted or kicked by an admin',
    zh: '房管不能禁言或踢出主播和其他房管',
    es: 'Un administrador no puede silenciar ni expulsar al presentador ni a otros administradores',
  },
  'chat.self': { en: 'You cannot do this to yourself', zh: '不能对自己操作', es: 'No puede hacerlo consigo mismo' },
  'chat.admins_full': { en: 'A room can have at most {{max}} admins', zh: '每个房间最多 {{max}} 名房管', es: 'Una sala puede tener como máximo {{max}} administradores' },
  'chat.rate': { en: 'You are sending too fast, please wait a moment', zh: '发言太快了，请稍候', es: 'Envía demasiado rápido, espere un momento' },
  'chat.horn_empty': { en: 'Please enter the horn text', zh: '请输入喇叭内容', es: 'Escriba el texto de la bocina' },
  'chat.horn_too_long': { en: 'A horn can be at most {{max}} characters', zh: '喇叭最多 {{max}} 个字符', es: 'Una bocina puede tener como máximo {{max}} caracteres' },
  'chat.slow_mode_invalid': { en: 'Slow mode can be off, 3, 5 or 10 seconds', zh: '慢速模式只能为关闭、3、5 或 10 秒', es: 'El modo lento puede estar desactivado o ser de 3, 5 o 10 segundos' },
  'chat.slow_mode_wait': {
    en: 'Slow mode is on: wait {{seconds}} s before your next message',
    zh: '慢速模式已开启：请等待 {{seconds}} 秒后再发言',
    es: 'El modo lento está activado: espere {{seconds}} s antes de su próximo mensaje',
  },
  'chat.gap_wait': { en: 'You are sending too fast: wait {{seconds}} s', zh: '发言太快了，请等待 {{seconds}} 秒', es: 'Envía demasiado rápido: espere {{seconds}} s' },
} satisfies Catalogue;
