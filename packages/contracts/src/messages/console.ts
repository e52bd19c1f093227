import type { Catalogue } from './catalogue.ts';

/** Messages of the operator's console (see messages.ts). */
export const consoleMessages = {
  'console.page_invalid': { en: 'Invalid page', zh: '页码无效', es: 'Página no válida' },
  'console.actor_invalid': { en: 'Invalid staff member', zh: '操作人无效', es: 'Miembro del equipo no válido' },
  'console.action_invalid': { en: 'Invalid action', zh: '操作类型无效', es: 'Acción no válida' },
  'console.target_invalid': { en: 'Invalid target', zh: '对象无效', es: 'Objeto no válido' },
  'console.date_invalid': { en: 'Invalid date', zh: '日期无效', es: 'Fecha no válida' },
  'console.date_range_invalid': { en: 'The end date comes before the start date', zh: '结束日期早于开始日期', es: 'La fecha final es anterior a la inicial' },
  'console.query_long': { en: 'The search is too long (60 characters at most)', zh: '搜索内容过长（最多60个字符）', es: 'La búsqueda es demasiado larga (60 caracteres como máximo)' },
  'console.user_invalid': { en: 'Invalid user', zh: '用户无效', es: 'Usuario no válido' },
  'console.user_not_found': { en: 'This user does not exist', zh: '用户不存在', es: 'Este usuario no existe' },
  'console.role_invalid': { en: 'Choose a role: none, moderator or admin', zh: '请选择角色：无、审核员或管理员', es: 'Elija un rol: ninguno, moderador o administrador' },
  'console.own_admin': { en: 'You cannot take away your own administrator role', zh: '不能取消自己的管理员角色', es: 'No puede quitarse su propio rol de administrador' },
  'console.reason_empty': { en: 'Please give a reason', zh: '请填写原因', es: 'Indique un motivo' },
  'console.reason_long': { en: 'The reason cannot exceed 200 characters', zh: '原因不能超过200个字符', es: 'El motivo no puede superar los 200 caracteres' },
  'console.report_status_invalid': { en: 'Invalid report state', zh: '举报状态无效', es: 'Estado de denuncia no válido' },
  'console.report_action_invalid': {
    en: 'Choose an action: dismiss, hide, mute or ban',
    zh: '请选择处理方式：驳回、隐藏、禁言或封禁',
    es: 'Elija una acción: descartar, ocultar, silenciar o bloquear',
  },
  'console.hours_invalid': { en: 'Give a length from 1 to 8,760 hours', zh: '时长须为1到8760小时', es: 'Indique una duración de 1 a 8.760 horas' },
  'console.report_none': { en: 'There are no open reports of this', zh: '该对象没有待处理的举报', es: 'No hay denuncias abiertas de esto' },
  'console.hide_unsupported': {
    en: 'This kind of content cannot be hidden; mute or ban its author instead',
    zh: '此类内容无法隐藏，请改为禁言或封禁作者',
    es: 'Este tipo de contenido no se puede ocultar; silencie o bloquee a su autor',
  },
  'console.author_gone': { en: 'The author of this content no longer exists', zh: '该内容的作者已不存在', es: 'El autor de este contenido ya no existe' },
  'console.staff_untouchable': { en: 'Staff members cannot be muted or banned from here', zh: '不能在此禁言或封禁工作人员', es: 'No se puede silenciar ni bloquear al personal desde aquí' },
  'console.done': { en: 'Done', zh: '已处理', es: 'Hecho' },
} satisfies Catalogue;
