import type { Catalogue } from './catalogue.ts';

/** Messages of the member domain (see messages.ts). */
export const memberMessages = {
  'member.nickname_empty': { en: 'Please enter a nickname', zh: '请输入昵称', es: 'Introduzca un apodo' },
  'member.nickname_long': { en: 'Nickname cannot exceed 20 characters', zh: '昵称不能超过20个字符', es: 'El apodo no puede superar los 20 caracteres' },
  'member.nickname_chars': {
    en: 'A nickname cannot contain invisible or text-direction characters',
    zh: '昵称不能包含不可见字符或文字方向控制字符',
    es: 'El apodo no puede contener caracteres invisibles ni de dirección del texto',
  },
  'member.nickname_reserved': { en: 'This nickname is reserved, please choose another', zh: '该昵称为保留名称，请换一个', es: 'Este apodo está reservado, elija otro' },
  'member.nickname_taken': { en: 'This nickname is already in use', zh: '该昵称已被使用', es: 'Este apodo ya está en uso' },
  'member.signature_long': { en: 'Signature cannot exceed 60 characters', zh: '个性签名不能超过60个字符', es: 'La firma no puede superar los 60 caracteres' },
  'member.avatar_invalid': { en: 'Please choose an avatar from the list or upload your own', zh: '请从列表中选择头像或上传自己的头像', es: 'Elija un avatar de la lista o suba el suyo' },
  'member.sex_invalid': { en: 'Please choose a gender', zh: '性别取值无效', es: 'Elija un género' },
  'member.nothing_to_update': { en: 'Nothing to update', zh: '没有需要修改的内容', es: 'No hay nada que actualizar' },
  'member.updated': { en: 'Saved', zh: '已保存', es: 'Guardado' },
  'member.pay_password_rule': { en: 'The payment password must be at least 6 digits', zh: '支付密码至少为6位数字', es: 'La contraseña de pago debe tener al menos 6 dígitos' },
  'member.pay_password_old_wrong': { en: 'The current payment password is incorrect', zh: '当前支付密码不正确', es: 'La contraseña de pago actual es incorrecta' },
  'member.pay_password_old_empty': { en: 'Please enter the current payment password', zh: '请输入当前支付密码', es: 'Introduzca la contraseña de pago actual' },
  'member.old_password_empty': { en: 'Please enter the current password', zh: '请输入当前密码', es: 'Introduzca la contraseña actual' },
  'member.old_password_wrong': { en: 'The current password is incorrect', zh: '当前密码不正确', es: 'La contraseña actual es incorrecta' },
  'member.pay_password_set': { en: 'Payment password saved', zh: '支付密码已设置', es: 'Contraseña de pago guardada' },
  'upload.token_failed': { en: 'Your session has expired. Please log in again.', zh: '验证失败，请重新登录。', es: 'Su sesión ha caducado. Inicie sesión de nuevo.' },
} satisfies Catalogue;
