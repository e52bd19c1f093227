import type { Catalogue } from './catalogue.ts';

/** Messages of replays and clips (see messages.ts). */
export const replayMessages = {
  'replay.id_invalid': { en: 'Invalid replay', zh: '回放编号无效', es: 'Repetición no válida' },
  'replay.clip_id_invalid': { en: 'Invalid clip', zh: '片段编号无效', es: 'Clip no válido' },
  'replay.not_found': { en: 'This replay does not exist or was removed', zh: '回放不存在或已被删除', es: 'Esta repetición no existe o fue eliminada' },
  'replay.not_ready': { en: 'This replay is still being prepared', zh: '回放正在生成中', es: 'Esta repetición aún se está preparando' },
  'replay.clip_not_found': { en: 'This clip does not exist or was removed', zh: '片段不存在或已被删除', es: 'Este clip no existe o fue eliminado' },
  'replay.not_yours': { en: 'Only the anchor of this room or an administrator can do this', zh: '仅本房间主播或管理员可操作', es: 'Solo el presentador de esta sala o un administrador puede hacerlo' },
  'replay.time_invalid': { en: 'Invalid time in the video', zh: '视频时间无效', es: 'Momento del vídeo no válido' },
  'replay.time_outside': { en: 'That moment is outside the video', zh: '该时间超出了视频范围', es: 'Ese momento está fuera del vídeo' },
  'replay.danmaku_long': { en: 'A danmaku cannot exceed 200 characters', zh: '弹幕不能超过200个字符', es: 'Un danmaku no puede superar los 200 caracteres' },
  'replay.record_invalid': { en: 'Choose whether to record: 0 or 1', zh: '录制设置无效', es: 'Elija si grabar: 0 o 1' },
  'replay.hidden_invalid': { en: 'Choose hidden or shown: 0 or 1', zh: '隐藏设置无效', es: 'Elija oculta o visible: 0 o 1' },
  'replay.exact_invalid': { en: 'Choose the cut: 0 on key frames or 1 frame-exact', zh: '剪辑方式无效', es: 'Elija el corte: 0 en fotogramas clave o 1 exacto' },
  'replay.clip_range_invalid': { en: 'Invalid start or end of the clip', zh: '片段起止时间无效', es: 'Inicio o fin del clip no válido' },
  'replay.clip_length': {
    en: 'A clip lasts from 1 second to 10 minutes, and its end comes after its start',
    zh: '片段时长须在1秒到10分钟之间，且结束晚于开始',
    es: 'Un clip dura de 1 segundo a 10 minutos y su fin va después de su inicio',
  },
  'replay.clip_outside': { en: 'The clip must lie inside the replay', zh: '片段必须在回放范围内', es: 'El clip debe estar dentro de la repetición' },
  'replay.clip_title_empty': { en: 'Please give the clip a title', zh: '请输入片段标题', es: 'Ponga un título al clip' },
  'replay.clip_title_long': { en: 'The clip title cannot exceed 40 characters', zh: '片段标题不能超过40个字符', es: 'El título del clip no puede superar los 40 caracteres' },
  'replay.clip_not_ready': { en: 'The clip is still being cut', zh: '片段仍在剪辑中', es: 'El clip aún se está cortando' },
  'replay.clip_published': { en: 'The clip is published in headlines', zh: '片段已发布到头条', es: 'El clip se publicó en titulares' },
  'replay.exact_unavailable': {
    en: 'Frame-exact clips need ffmpeg on the server; cut on key frames instead',
    zh: '精确剪辑需要服务器上的 ffmpeg，请改用关键帧剪辑',
    es: 'Los clips exactos necesitan ffmpeg en el servidor; corte en fotogramas clave',
  },
  'replay.clips_unavailable': { en: 'Clips need ffmpeg on the server', zh: '剪辑片段需要服务器上的 ffmpeg', es: 'Los clips necesitan ffmpeg en el servidor' },
  'replay.clip_started': { en: 'Cutting the clip…', zh: '正在剪辑片段…', es: 'Cortando el clip…' },
  'replay.saved': { en: 'Saved', zh: '已保存', es: 'Guardado' },
  'replay.deleted': { en: 'Deleted', zh: '已删除', es: 'Eliminado' },
  'replay.sent': { en: 'Sent', zh: '已发送', es: 'Enviado' },
} satisfies Catalogue;
