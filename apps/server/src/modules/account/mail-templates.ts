import type { Lang } from '@livesports/contracts/messages';

/** The verification-code mail, in the language the user was browsing in. */
export function codeMail(lang: Lang, code: string, purpose: 1 | 2, minutes: number, site: string) {
  const t = {
    en: {
      subject: purpose === 1 ? `${site}: your registration code ${code}` : `${site}: your verification code ${code}`,
      text: `Your verification code is ${code}.\nIt is valid for ${minutes} minutes and can be used once.\nIf you did not ask for it, ignore this mail.`,
    },
    zh: {
      subject: purpose === 1 ? `${site}：您的注册验证码 ${code}` : `${site}：您的验证码 ${code}`,
      text: `您的验证码是 ${code}。\n${minutes} 分钟内有效，仅可使用一次。\n如非本人操作，请忽略此邮件。`,
    },
    es: {
      subject: purpose === 1 ? `${site}: su código de registro ${code}` : `${site}: su código de verificación ${code}`,
      text: `Su código de verificación es ${code}.\nEs válido durante ${minutes} minutos y solo se puede usar una vez.\nSi no lo solicitó, ignore este correo.`,
    },
  }[lang];
  return t;
}

/**
 * Sent instead of a code when the code would not help: a sign-up code for an address that already
 * has an account, or a reset code for one that has none. The page answers the same either way (it
 * must not tell whether an address is registered); the mail tells the owner what to do.
 */
export function noticeMail(lang: Lang, purpose: 1 | 2, site: string) {
  const t = {
    en: {
      subject: purpose === 1 ? `${site}: you already have an account` : `${site}: no account for this address`,
      text:
        purpose === 1
          ? `Someone asked to sign up on ${site} with this address, but it already has an account.\nIf it was you, log in, or use "Forgot password" to set a new one.\nIf not, ignore this mail.`
          : `Someone asked to reset a password on ${site} for this address, but it has no account.\nIf it was you, sign up with this address instead.\nIf not, ignore this mail.`,
    },
    zh: {
      subject: purpose === 1 ? `${site}：您已有账号` : `${site}：该邮箱没有账号`,
      text:
        purpose === 1
          ? `有人使用此邮箱在 ${site} 申请注册，但该邮箱已有账号。\n如是本人，请直接登录，或使用"忘记密码"设置新密码。\n如非本人操作，请忽略此邮件。`
          : `有人为此邮箱在 ${site} 申请重置密码，但该邮箱没有账号。\n如是本人，请使用此邮箱注册。\n如非本人操作，请忽略此邮件。`,
    },
    es: {
      subject: purpose === 1 ? `${site}: ya tiene una cuenta` : `${site}: no hay cuenta con esta dirección`,
      text:
        purpose === 1
          ? `Alguien pidió registrarse en ${site} con esta dirección, pero ya tiene una cuenta.\nSi fue usted, inicie sesión o use "Olvidé mi contraseña" para elegir una nueva.\nSi no, ignore este correo.`
          : `Alguien pidió restablecer una contraseña en ${site} para esta dirección, pero no tiene cuenta.\nSi fue usted, regístrese con esta dirección.\nSi no, ignore este correo.`,
    },
  }[lang];
  return t;
}
