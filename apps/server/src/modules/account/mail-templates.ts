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
