import { GOAL_SOUND_MS } from '@livesports/contracts/matches-constants';

// The goal whistle (spec §2, §9): plays for 6 s when the voice setting is on. The file is a
// short-short-long blast (public/sounds, about 2.3 s), looped until the 6 s are up. It was made
// for this project with ffmpeg alone — a 2.9 kHz tone with a 32 Hz trill (the pea rattling):
//   ffmpeg -f lavfi -i "aevalsrc='(between(t,0,0.28)+between(t,0.42,0.70)+between(t,0.84,2.0))
//     *(0.62+0.38*sin(2*PI*32*t))*min(1,min(t*40,(2.3-t)*8))*0.55
//     *sin(2*PI*(2900*t+45*sin(2*PI*32*t)/(2*PI*32)))':s=22050:d=2.3"
//     -af "highpass=f=1200,afade=t=in:d=0.01" -c:a libvorbis -q:a 3 whistle.ogg
// whistle.m4a is the same sound in AAC for browsers without Ogg Vorbis.

let audio: HTMLAudioElement | null = null;
let stopAt: ReturnType<typeof setTimeout> | null = null;

function source() {
  const probe = document.createElement('audio');
  return probe.canPlayType('audio/ogg; codecs="vorbis"') ? '/sounds/whistle.ogg' : '/sounds/whistle.m4a';
}

export function playWhistle(ms = GOAL_SOUND_MS) {
  if (typeof Audio === 'undefined') return;
  audio ??= new Audio(source());
  audio.loop = true;
  audio.currentTime = 0;
  // Browsers refuse sound before the first click on the page; the pop-up still shows.
  void audio.play().catch(() => undefined);
  if (stopAt) clearTimeout(stopAt);
  stopAt = setTimeout(stopWhistle, ms);
}

export function stopWhistle() {
  if (stopAt) clearTimeout(stopAt);
  stopAt = null;
  audio?.pause();
}
