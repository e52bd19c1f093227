// HLS playlists of a finished replay, built from its stored segments (replay_segments rows).

export interface PlaylistSegment {
  seq: number;
  part: number;
  duration: number;
  key: string;
}

/**
 * A VOD media playlist: every segment with its duration, a discontinuity where a new part starts
 * (the encoder reconnected, or the transcoder restarted: timestamps start again), ENDLIST.
 * `uri` turns a storage key into the URL written for the segment.
 */
export function finalPlaylist(segments: PlaylistSegment[], uri: (key: string) => string): string {
  const sorted = [...segments].sort((a, b) => a.seq - b.seq);
  const target = Math.max(1, ...sorted.map((s) => Math.ceil(s.duration)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS'];
  let part = sorted[0]?.part ?? 0;
  for (const s of sorted) {
    if (s.part !== part) lines.push('#EXT-X-DISCONTINUITY');
    part = s.part;
    lines.push(`#EXTINF:${s.duration.toFixed(3)},`, uri(s.key));
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** The master playlist: one entry per level with its measured bandwidth and height. */
export function masterPlaylist(levels: Array<{ url: string; bandwidth: number; height: number; name: string }>): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const l of levels) {
    const res = l.height ? `,RESOLUTION=${Math.round((l.height * 16) / 9 / 2) * 2}x${l.height}` : '';
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${Math.max(1, Math.round(l.bandwidth))}${res},NAME="${l.name}"`, l.url);
  }
  lines.push('');
  return lines.join('\n');
}
