// Names in four forms (zh, zht, en, es). A feed that sends only some of them gets the others
// filled: English stands in for a missing Chinese or Spanish name, and traditional Chinese is
// converted from simplified for the characters team and competition names use. The table is
// deliberately small (not a general converter); unknown characters pass through unchanged.

const S2T: Record<string, string> = Object.fromEntries(
  [
    '纳納',
    '维維',
    '顿頓',
    '伦倫',
    '莱萊',
    '尔爾',
    '罗羅',
    '马馬',
    '联聯',
    '汉漢',
    '诺諾',
    '兰蘭',
    '热熱',
    '队隊',
    '竞競',
    '萨薩',
    '内內',
    '亚亞',
    '贝貝',
    '会會',
    '门門',
    '兴興',
    '奥奧',
    '圣聖',
    '红紅',
    '赖賴',
    '云雲',
    '达達',
    '图圖',
    '鸿鴻',
    '欧歐',
    '赛賽',
    '兹茲',
    '卢盧',
    '际際',
    '国國',
    '齐齊',
    '灵靈',
    '乌烏',
    '轻輕',
    '凯凱',
    '鲁魯',
    '矿礦',
    '费費',
    '温溫',
    '风風',
    '体體',
    '发發',
    '万萬',
    '时時',
    '麦麥',
    '岛島',
    '韩韓',
    '纽紐',
    '苏蘇',
    '锡錫',
    '篮籃',
    '网網',
    '龙龍',
    '骑騎',
    '鹰鷹',
    '黄黃',
    '术術',
    '开開',
    '阳陽',
    '独獨',
    '侠俠',
    '鹈鵜',
    '鹕鶘',
    '击擊',
    '杯盃',
    '乐樂',
    '华華',
    '广廣',
    '东東',
    '卫衛',
    '辽遼',
    '宁寧',
    '夺奪',
    '游遊',
    '甲甲',
    '级級',
    '职職',
    '业業',
    '锦錦',
    '标標',
    '区區',
    '组組',
    '场場',
    '轮輪',
  ].map((p) => [p[0], p[1]]),
);

export function toTraditional(s: string): string {
  let out = '';
  for (const ch of s) out += S2T[ch] ?? ch;
  return out;
}

export interface NameSet {
  en: string;
  zh?: string;
  zht?: string;
  es?: string;
}

export function fillNames(n: NameSet) {
  const zh = n.zh || n.en;
  return { nameEn: n.en, nameZh: zh, nameZht: n.zht || (n.zh ? toTraditional(n.zh) : n.en), nameEs: n.es || n.en };
}
