import type { Catalogue } from './catalogue.ts';

/** Messages of the chat domain (room chat over /ws/im; see messages.ts). */
export const chatMessages = {
  'chat.bad_credential': { en: 'Chat login failed, please refresh the page', zh: '聊天登录失败，请刷新页面', es: 'Error al iniciar sesión en el chat, actualice la página' },
  'chat.no_room': { en: 'This room does not exist', zh: '房间不存在', es: 'Esta sala no existe' },
  'chat.not_joined': { en: 'Join the room first', zh: '请先进入房间', es: 'Primero entre en la sala' },
  'chat.empty': { en: 'Please enter a message', zh: '请输入消息内容', es: 'Escriba un mensaje' },
  'chat.too_long': { en: 'Messages can be at most {{max}} characters', zh: '消息最多 {{max}} 个字符', es: 'Los mensajes pueden tener como máximo {{max}} caracteres' },
  'chat.bad_frame': { en: 'Unknown request', zh: '未知请求', es: 'Solicitud desconocida' },
} satisfies Catalogue;
