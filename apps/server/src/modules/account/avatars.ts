/** Preset avatars offered by api/user/avatarList; files live in apps/web/public/avatars. */
export const AVATAR_COUNT = 12;
export const presetAvatars = Array.from({ length: AVATAR_COUNT }, (_, i) => `/avatars/${i + 1}.svg`);
export const isPresetAvatar = (url: string) => presetAvatars.includes(url);
/** Files the user uploaded through our own storage. */
export const isOwnUpload = (url: string) => /^\/uploads\/[\w./-]+$/.test(url) && !url.includes('..');
