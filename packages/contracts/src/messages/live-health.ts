import type { Catalogue } from './catalogue.ts';

/**
 * Messages of a live stream's health (studio and console, live-health.ts): each warning says what
 * is wrong with the figures that show it and what to change in OBS, whose menus are named as OBS
 * names them in that language.
 */
export const liveHealthMessages = {
  'live_health.not_your_room': { en: 'You can only see the health of your own stream', zh: '只能查看自己直播流的状态', es: 'Solo puede ver el estado de su propia emisión' },
  'live_health.keyframe_far': {
    en: 'Keyframes arrive every {{seconds}}\u00a0s (at most {{max}}\u00a0s is fine): new viewers wait for a picture and quality changes stall. In OBS: Settings → Output → Keyframe Interval → {{advised}}\u00a0s.',
    zh: '关键帧间隔为 {{seconds}}\u00a0秒（应不超过 {{max}}\u00a0秒）：新观众要等很久才能看到画面，切换清晰度会卡顿。请在 OBS 中设置：设置 → 输出 → 关键帧间隔 → {{advised}}\u00a0秒。',
    es: 'Los fotogramas clave llegan cada {{seconds}}\u00a0s (lo correcto es {{max}}\u00a0s como máximo): los nuevos espectadores esperan la imagen y el cambio de calidad se congela. En OBS: Ajustes → Salida → Intervalo de fotogramas clave → {{advised}}\u00a0s.',
  },
  'live_health.bitrate_high': {
    en: 'Your encoder sends {{kbps}}\u00a0kbps, more than this server handles well for {{height}}p (up to {{cap}}\u00a0kbps). In OBS: Settings → Output → Bitrate → {{advised}}\u00a0kbps.',
    zh: '编码器发送的码率为 {{kbps}}\u00a0kbps，超过本服务器对 {{height}}p 的合理上限（{{cap}}\u00a0kbps）。请在 OBS 中设置：设置 → 输出 → 比特率 → {{advised}}\u00a0kbps。',
    es: 'Su codificador envía {{kbps}}\u00a0kbps, más de lo que este servidor maneja bien para {{height}}p (hasta {{cap}}\u00a0kbps). En OBS: Ajustes → Salida → Tasa de bits → {{advised}}\u00a0kbps.',
  },
  'live_health.overloaded': {
    en: 'The server cannot keep up with your stream: {{down}} quality levels are down, {{restarts}} transcoder restarts. In OBS: Settings → Output → Bitrate → {{advised}}\u00a0kbps, and Settings → Video → Output (Scaled) Resolution → 1280x720.',
    zh: '服务器处理不过来您的直播流：{{down}} 个清晰度已停止，转码已重启 {{restarts}} 次。请在 OBS 中设置：设置 → 输出 → 比特率 → {{advised}}\u00a0kbps，并将 设置 → 视频 → 输出（缩放）分辨率 设为 1280x720。',
    es: 'El servidor no da abasto con su emisión: {{down}} niveles de calidad caídos, {{restarts}} reinicios del transcodificador. En OBS: Ajustes → Salida → Tasa de bits → {{advised}}\u00a0kbps, y Ajustes → Vídeo → Resolución de salida (escalada) → 1280x720.',
  },
  'live_health.frames_dropped': {
    en: '{{frames}} frames went missing in the last minute: your computer or connection cannot keep up. In OBS: Settings → Output → Bitrate → {{advised}}\u00a0kbps, or a faster CPU Usage Preset.',
    zh: '最近一分钟丢失了 {{frames}} 帧：您的电脑或网络跟不上。请在 OBS 中设置：设置 → 输出 → 比特率 → {{advised}}\u00a0kbps，或选择更快的 CPU 使用预设。',
    es: 'Se perdieron {{frames}} fotogramas en el último minuto: su equipo o su conexión no dan abasto. En OBS: Ajustes → Salida → Tasa de bits → {{advised}}\u00a0kbps, o un preset de uso de CPU más rápido.',
  },
  'live_health.stalled': {
    en: 'No picture has arrived for {{seconds}}\u00a0s. Check that OBS is still streaming and your connection is up.',
    zh: '已有 {{seconds}}\u00a0秒没有收到画面。请检查 OBS 是否仍在推流以及网络是否正常。',
    es: 'No llega imagen desde hace {{seconds}}\u00a0s. Compruebe que OBS sigue emitiendo y que su conexión funciona.',
  },
} satisfies Catalogue;
