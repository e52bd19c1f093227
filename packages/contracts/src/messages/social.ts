import type { Catalogue } from './catalogue.ts';

/** Messages of the social domain: follows and personal spaces (see messages.ts). */
export const socialMessages = {
  'social.type_invalid': { en: 'Unknown follow type', zh: '未知的关注类型', es: 'Tipo de seguimiento desconocido' },
  'social.user_not_found': { en: 'This user does not exist', zh: '该用户不存在', es: 'Este usuario no existe' },
  'social.self_follow': { en: 'You cannot follow yourself', zh: '不能关注自己', es: 'No puede seguirse a sí mismo' },
  'social.not_anchor': { en: 'This user is not an anchor', zh: '该用户不是主播', es: 'Este usuario no es presentador' },
  'social.not_writer': { en: 'This user has not published any headlines', zh: '该用户还没有发布过头条', es: 'Este usuario no ha publicado titulares' },
  'social.followed': { en: 'Followed', zh: '关注成功', es: 'Siguiendo' },
  'social.unfollowed': { en: 'Unfollowed', zh: '已取消关注', es: 'Ha dejado de seguir' },
} satisfies Catalogue;
