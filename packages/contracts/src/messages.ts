// Every message the server can put in an envelope's `msg`, in the three interface languages.
// Zod schemas in this package use these keys as their error messages, so the server localizes
// a validation failure and the web form shows the very same text before sending.
// English strings that the spec quotes (§5, §8) are kept to the letter.
export const LANGS = ['zh', 'en', 'es'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

type Catalogue = Record<string, Record<Lang, string>>;

export const messages = {
  'common.error': { en: 'Error', zh: '错误', es: 'Error' },
  'common.ok': { en: 'Success', zh: '成功', es: 'Éxito' },
  'common.input_error': { en: 'Input error, please check!', zh: '输入有误，请检查！', es: '¡Error de entrada, compruebe!' },
  'common.not_found': { en: 'Not found', zh: '未找到', es: 'No encontrado' },
  'common.forbidden': { en: 'You do not have permission to do this', zh: '您没有权限执行此操作', es: 'No tiene permiso para hacer esto' },
  'common.too_many': { en: 'Too many requests, please try again later', zh: '请求过于频繁，请稍后再试', es: 'Demasiadas solicitudes, inténtelo más tarde' },
  'common.server_error': { en: 'Server error, please try again later', zh: '服务器错误，请稍后再试', es: 'Error del servidor, inténtelo más tarde' },
  'common.coming_soon': { en: 'Under development...', zh: '开发中...', es: 'En desarrollo...' },

  'auth.login_first': { en: 'Please login first', zh: '请先登录', es: 'Por favor inicie sesión primero' },
  'auth.verification_failed': { en: 'Verification failed, please Login again.', zh: '验证失败，请重新登录。', es: 'Verificación fallida, inicie sesión de nuevo.' },
  'auth.logged_out_prompt': { en: 'You have logged out, you can cancel to stay on this page, or log in again', zh: '您已登出，可以取消以停留在此页面，或重新登录', es: 'Ha cerrado sesión; puede cancelar para quedarse en esta página o volver a iniciar sesión' },
  'auth.email_empty': { en: 'Please enter your email', zh: '请输入邮箱', es: 'Introduzca su correo electrónico' },
  'auth.email_invalid': { en: 'Please enter a valid email address', zh: '请输入有效的邮箱地址', es: 'Introduzca un correo electrónico válido' },
  'auth.email_too_long': { en: 'Email cannot exceed 100 characters', zh: '邮箱不能超过100个字符', es: 'El correo no puede superar los 100 caracteres' },
  'auth.password_empty': { en: 'please password!', zh: '请输入密码！', es: '¡Introduzca la contraseña!' },
  'auth.password_rule': { en: 'Password must be 6-12 letters or digits', zh: '密码须为6-12位字母或数字', es: 'La contraseña debe tener de 6 a 12 letras o dígitos' },
  'auth.code_empty': { en: 'please code', zh: '请输入验证码', es: 'Introduzca el código' },
  'auth.code_length': { en: 'The code has 6 characters', zh: '验证码为6位', es: 'El código tiene 6 caracteres' },
  'auth.code_wrong': { en: 'The code is wrong or has expired', zh: '验证码错误或已过期', es: 'El código es incorrecto o ha caducado' },
  'auth.code_wait': { en: 'Please wait {{seconds}} seconds before requesting another code', zh: '请{{seconds}}秒后再获取验证码', es: 'Espere {{seconds}} segundos antes de pedir otro código' },
  'auth.code_sent': { en: 'The code has been sent to your email', zh: '验证码已发送至您的邮箱', es: 'El código se ha enviado a su correo' },
  'auth.mail_failed': { en: 'The mail could not be sent, please try again later', zh: '邮件发送失败，请稍后再试', es: 'No se pudo enviar el correo, inténtelo más tarde' },
  'auth.code_type': { en: 'Unknown code type', zh: '未知的验证码类型', es: 'Tipo de código desconocido' },
  'auth.email_taken': { en: 'This email is already registered', zh: '该邮箱已注册', es: 'Este correo ya está registrado' },
  'auth.email_unknown': { en: 'This email is not registered', zh: '该邮箱未注册', es: 'Este correo no está registrado' },
  'auth.wrong_credentials': { en: 'Wrong email or password', zh: '邮箱或密码错误', es: 'Correo o contraseña incorrectos' },
  'auth.account_disabled': { en: 'This account has been disabled', zh: '该账号已被禁用', es: 'Esta cuenta ha sido desactivada' },
  'auth.device_type': { en: 'Unsupported device type', zh: '不支持的设备类型', es: 'Tipo de dispositivo no admitido' },
  'auth.invite_unknown': { en: 'The invite code does not exist', zh: '邀请码不存在', es: 'El código de invitación no existe' },
  'auth.welcome_back': { en: 'welcome back', zh: '欢迎回来', es: 'bienvenido de nuevo' },
  'auth.login_success': { en: 'successful login', zh: '登录成功', es: 'inicio de sesión correcto' },
  'auth.register_success': { en: 'register success', zh: '注册成功', es: 'registro correcto' },
  'auth.password_modified': { en: 'password modified successfully', zh: '密码修改成功', es: 'contraseña modificada correctamente' },
  'auth.logout_success': { en: 'Logged out', zh: '已退出登录', es: 'Sesión cerrada' },
  'auth.third_unsupported': { en: 'This login method is not available', zh: '该登录方式不可用', es: 'Este método de inicio de sesión no está disponible' },
  'auth.third_failed': { en: 'Third-party login failed, please try again', zh: '第三方登录失败，请重试', es: 'Falló el inicio de sesión externo, inténtelo de nuevo' },
  'auth.same_password': { en: 'Please enter the same password', zh: '请输入相同的密码', es: 'Introduzca la misma contraseña' },
  'auth.passwords_mismatch': { en: 'the two passwords do not match, please check!', zh: '两次输入的密码不一致，请检查！', es: '¡Las dos contraseñas no coinciden, compruébelo!' },

  'member.nickname_empty': { en: 'Please enter a nickname', zh: '请输入昵称', es: 'Introduzca un apodo' },
  'member.nickname_long': { en: 'Nickname cannot exceed 20 characters', zh: '昵称不能超过20个字符', es: 'El apodo no puede superar los 20 caracteres' },
  'member.nickname_taken': { en: 'This nickname is already in use', zh: '该昵称已被使用', es: 'Este apodo ya está en uso' },
  'member.signature_long': { en: 'Signature cannot exceed 60 characters', zh: '个性签名不能超过60个字符', es: 'La firma no puede superar los 60 caracteres' },
  'member.avatar_invalid': { en: 'Please choose an avatar from the list or upload your own', zh: '请从列表中选择头像或上传自己的头像', es: 'Elija un avatar de la lista o suba el suyo' },
  'member.sex_invalid': { en: 'Unknown gender value', zh: '性别取值无效', es: 'Valor de género desconocido' },
  'member.nothing_to_update': { en: 'Nothing to update', zh: '没有需要修改的内容', es: 'No hay nada que actualizar' },
  'member.updated': { en: 'Saved', zh: '已保存', es: 'Guardado' },
  'member.pay_password_rule': { en: 'The payment password must be at least 6 digits', zh: '支付密码至少为6位数字', es: 'La contraseña de pago debe tener al menos 6 dígitos' },
  'member.pay_password_old_wrong': { en: 'The current payment password is incorrect', zh: '当前支付密码不正确', es: 'La contraseña de pago actual es incorrecta' },
  'member.pay_password_old_empty': { en: 'Please enter the current payment password', zh: '请输入当前支付密码', es: 'Introduzca la contraseña de pago actual' },
  'member.pay_password_set': { en: 'Payment password saved', zh: '支付密码已设置', es: 'Contraseña de pago guardada' },
  'upload.token_failed': { en: 'Verification failed, please Login again.', zh: '验证失败，请重新登录。', es: 'Verificación fallida, inicie sesión de nuevo.' },

  'captcha.required': { en: 'Please complete the slider verification', zh: '请完成滑块验证', es: 'Complete la verificación deslizante' },
  'captcha.failed': { en: 'Verification failed, please try again', zh: '验证失败，请重试', es: 'Verificación fallida, inténtelo de nuevo' },
  'captcha.expired': { en: 'The verification has expired, please slide again', zh: '验证已过期，请重新滑动', es: 'La verificación ha caducado, deslice de nuevo' },
} satisfies Catalogue;

export type MessageKey = keyof typeof messages;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

/** Localize a catalogue key, filling {{name}} placeholders. Unknown keys come back unchanged. */
export function translate(lang: Lang, key: string, params?: Record<string, string | number>): string {
  const entry = isMessageKey(key) ? messages[key] : undefined;
  let text: string = entry ? entry[lang] ?? entry.en : key;
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{{${k}}}`, String(v));
  return text;
}

/** Pick one of our languages from a header value such as "es-ES,es;q=0.9,en;q=0.8". */
export function pickLang(...candidates: Array<string | undefined | null>): Lang {
  for (const c of candidates) {
    if (!c) continue;
    for (const part of c.split(',')) {
      const tag = part.split(';')[0].trim().toLowerCase().slice(0, 2);
      if ((LANGS as readonly string[]).includes(tag)) return tag as Lang;
    }
  }
  return DEFAULT_LANG;
}
