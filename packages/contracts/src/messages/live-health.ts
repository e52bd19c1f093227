import type { Catalogue } from './catalogue.ts';

/**
 * Messages of a live stream's health (studio and console, live-health.ts): each warning says what
 * is wrong with the figures that show it and what to change in OBS, whose menus are named as OBS
 * names them in that language.
 */
export const liveHealthMessages = {
  'live_health.not_your_room': { en: 'You can only see the health of your own stream', zh: '只能查看自己直播流的状态', es: 'Solo puede ver el estado de su propia emisión' },
  'live_health.keyframe_far': {
    en: 'Keyframes arrive every {{seconds}} s (at most {{max}} s is fine): new viewers wait for a picture and quality changes stall. In OBS: Settings → Output → Keyframe Interval → {{advised}} s.',
    zh: '关键帧间隔为 {{seconds}} 秒（应不超过 {{max}} 秒）：新观众要等很久才能看到画面，切换清晰度会卡顿。请在 OBS 中设置：设置 → 输出 → 关键帧间隔 → {{advised}} 秒。',
    es: 'Los fotogramas clave llegan cada {{seconds}} s (lo correcto es {{max}} s como máximo): los nuevos espectadores esperan la imagen y el cambio de calidad se congela. En OBS: Ajustes → Salida → Intervalo de fotogramas clave → {{advised}} s.',
  },
  'live_health.bitrate_high': {
    en: 'Your encoder sends {{kbps}} kbps, more than this server handles well for {{height}}p (up to {{cap}} kbps). In OBS: Settings → Output → Bitrate → {{advised}} kbps.',
    zh: '编码器发送的码率为 {{kbps}} kbps，超过本服务器对 {{height}}p 的合理上限（{{cap}} kbps）。请在 OBS 中设置：设置 → 输出 → 比特率 → {{advised}} kbps。',
    es: 'Su codificador envía {{kbps}} kbps, más de lo que este servidor maneja bien para {{height}}p (hasta {{cap}} kbps). En OBS: Ajustes → Salida → Tasa de bits → {{advised}} kbps.',
  },
  'live_health.overloaded': {
    en: 'The server cannot keep up with your stream: {{down}} quality levels are down, {{restarts}} transcoder restarts. In OBS: Settings → Output → Bitrate → {{advised}} kbps, and Settings → Video → Output (Scaled) Resolution → 1280x720.',
    zh: '服务器处理不过来您的直播流：{{down}} 个清晰度已停止，转码已重启 {{restarts}} 次。请在 OBS 中设置：设置 → 输出 → 比特率 → {{advised}} kbps，并将 设置 → 视频 → 输出（缩放）分辨率 设为 1280x720。',
    es: 'El servidor no da abasto con su emisión: {{down}} niveles de calidad caídos, {{restarts}} reinicios del transcodificador. En OBS: Ajustes → Salida → Tasa de bits → {{advised}} kbps, y Ajustes → Vídeo → Resolución de salida (escalada) → 1280x720.',
  },
  'live_health.frames_dropped': {
    en: '{{frames}} frames went missing in the last minute: your computer or connection cannot keep up. In OBS: Settings → Output → Bitrate → {{advised}} kbps, or a faster CPU Usage Preset.',
    zh: '最近一分钟丢失了 {{frames}} 帧：您的电脑或网络跟不上。请在 OBS 中设置：设置 → 输出 → 比特率 → {{advised}} kbps，或选择更快的 CPU 使用预设。',
    es: 'Se perdieron {{frames}} fotogramas en el último minuto: su equipo o su conexión no dan abasto. En OBS: Ajustes → Salida → Tasa de bits → {{advised}} kbps, o un preset de uso de CPU más rápido.',
  },
  'live_health.stalled': {
    en: 'No picture has arrived for {{seconds}} s. Check that OBS is still streaming and your connection is up.',
    zh: '已有 {{seconds}} 秒没有收到画面。请检查 OBS 是否仍在推流以及网络是否正常。',
    es: 'No llega imagen desde hace {{seconds}} s. Compruebe que OBS sigue emitiendo y que su conexión funciona.',
  },
} satisfies Catalogue;
