/**
 * The playing time of an MP3 file, by walking its frames (MPEG 1, 2 and 2.5, layer III): what a
 * player would play, to check a preview rendition from the bytes the server hands out.
 */
const BITRATES_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000], // MPEG 1
  2: [22050, 24000, 16000], // MPEG 2
  0: [11025, 12000, 8000], // MPEG 2.5
};

export function mp3DurationSeconds(file: Buffer): number {
  let offset = 0;
  // An ID3v2 tag first: "ID3", version, flags, then a 28-bit "syncsafe" size.
  if (file.subarray(0, 3).toString('latin1') === 'ID3') {
    const size =
      ((file[6] ?? 0) << 21) | ((file[7] ?? 0) << 14) | ((file[8] ?? 0) << 7) | (file[9] ?? 0);
    offset = 10 + size;
  }
  let seconds = 0;
  let frames = 0;
  while (offset + 4 <= file.length) {
    const header = file.readUInt32BE(offset);
    if (header >>> 21 !== 0x7ff) throw new Error(`no frame at byte ${offset}`);
    const version = (header >>> 19) & 3;
    const layer = (header >>> 17) & 3;
    const bitrateIndex = (header >>> 12) & 15;
    const rateIndex = (header >>> 10) & 3;
    const padding = (header >>> 9) & 1;
    const sampleRate = SAMPLE_RATES[version]?.[rateIndex];
    if (layer !== 1 || !sampleRate || bitrateIndex === 0 || bitrateIndex === 15) {
      throw new Error(`not an MP3 layer III frame at byte ${offset}`);
    }
    const isMpeg1 = version === 3;
    const bitrate = (isMpeg1 ? BITRATES_KBPS.mpeg1 : BITRATES_KBPS.mpeg2)[bitrateIndex] ?? 0;
    const samples = isMpeg1 ? 1152 : 576;
    offset += Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + padding;
    seconds += samples / sampleRate;
    frames += 1;
  }
  if (frames === 0) throw new Error('no MP3 frames');
  return seconds;
}
