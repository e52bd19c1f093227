import type { Catalogue } from './catalogue.ts';

/** Messages of the console's Users pages and of site-wide sanctions (see messages.ts). */
export const consoleUsersMessages = {
  'console_users.query_invalid': {
    en: 'Search for an id, a nickname or an e-mail of at most 100 characters',
    zh: '请输入不超过 100 个字符的 ID、昵称或邮箱',
    es: 'Busque un id, un apodo o un correo de 100 caracteres como máximo',
  },
  'console_users.user_invalid': { en: 'Invalid user', zh: '用户无效', es: 'Usuario no válido' },
  'console_users.user_not_found': { en: 'This user does not exist', zh: '用户不存在', es: 'Este usuario no existe' },
  'console_users.kind_invalid': { en: 'Choose mute or ban', zh: '请选择禁言或封禁', es: 'Elija silenciar o bloquear' },
  'console_users.duration_invalid': {
    en: 'Give a duration of 1 minute to 366 days, or choose permanent',
    zh: '时长须为 1 分钟至 366 天，或选择永久',
    es: 'Indique una duración de 1 minuto a 366 días, o elija permanente',
  },
  'console_users.reason_empty': { en: 'Please give a reason', zh: '请填写原因', es: 'Indique un motivo' },
  'console_users.reason_too_long': { en: 'The reason may be at most 200 characters', zh: '原因最多 200 个字符', es: 'El motivo puede tener como máximo 200 caracteres' },
  'console_users.sanction_invalid': { en: 'Invalid sanction', zh: '处罚记录无效', es: 'Sanción no válida' },
  'console_users.sanction_not_found': { en: 'This sanction does not exist', zh: '处罚记录不存在', es: 'Esta sanción no existe' },
  'console_users.sanction_over': { en: 'This sanction has already ended', zh: '该处罚已结束', es: 'Esta sanción ya terminó' },
  'console_users.ban_admin_only': {
    en: 'Only administrators may ban or unban an account',
    zh: '只有管理员可以封禁或解封账号',
    es: 'Solo los administradores pueden bloquear o desbloquear una cuenta',
  },
  'console_users.cannot_sanction_admin': { en: 'An administrator cannot be muted or banned', zh: '不能禁言或封禁管理员', es: 'No se puede silenciar ni bloquear a un administrador' },
  'console_users.cannot_sanction_self': { en: 'You cannot mute or ban yourself', zh: '不能禁言或封禁自己', es: 'No puede silenciarse ni bloquearse a sí mismo' },
  'console_users.cannot_sanction_staff': {
    en: 'Only administrators may mute or ban a moderator',
    zh: '只有管理员可以禁言或封禁审核员',
    es: 'Solo los administradores pueden silenciar o bloquear a un moderador',
  },
  'console_users.sanctioned': { en: 'Sanction applied', zh: '处罚已生效', es: 'Sanción aplicada' },
  'console_users.lifted': { en: 'Sanction lifted', zh: '处罚已解除', es: 'Sanción levantada' },
  // What a sanctioned member is told (login, chat, comments, posts…).
  'sanction.banned': {
    en: 'This account is banned until {{until}}. Reason: {{reason}}',
    zh: '该账号已被封禁至 {{until}}。原因：{{reason}}',
    es: 'Esta cuenta está bloqueada hasta {{until}}. Motivo: {{reason}}',
  },
  'sanction.banned_forever': {
    en: 'This account is banned permanently. Reason: {{reason}}',
    zh: '该账号已被永久封禁。原因：{{reason}}',
    es: 'Esta cuenta está bloqueada de forma permanente. Motivo: {{reason}}',
  },
  'sanction.muted': {
    en: 'You are muted across the site until {{until}}. Reason: {{reason}}',
    zh: '你已被全站禁言至 {{until}}。原因：{{reason}}',
    es: 'Está silenciado en todo el sitio hasta {{until}}. Motivo: {{reason}}',
  },
  'sanction.muted_forever': {
    en: 'You are muted across the site permanently. Reason: {{reason}}',
    zh: '你已被全站永久禁言。原因：{{reason}}',
    es: 'Está silenciado en todo el sitio de forma permanente. Motivo: {{reason}}',
  },
} satisfies Catalogue;
