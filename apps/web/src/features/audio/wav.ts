// A recording as a WAV file (16-bit PCM, mono): the library takes WAV and MP3 (spec 2 §5.2),
// while browsers record WebM/Opus or Ogg. The recording is decoded by the browser, mixed down
// to mono and resampled to a voice rate, so a minute stays under 2 MB.

/** Mono samples in [-1, 1] at a rate, encoded as a 16-bit PCM WAV file. */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes a second
  view.setUint16(32, 2, true); // bytes a frame
  view.setUint16(34, 16, true); // bits a sample
  text(36, "data");
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const sample = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
  }
  return bytes;
}

/** The channels of a decoded recording averaged to one. */
export function mixDown(channels: readonly Float32Array[]): Float32Array {
  const [first] = channels;
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const mixed = new Float32Array(first.length);
  for (const channel of channels) {
    for (let i = 0; i < mixed.length; i++) mixed[i] = (mixed[i] ?? 0) + (channel[i] ?? 0);
  }
  for (let i = 0; i < mixed.length; i++) mixed[i] = (mixed[i] ?? 0) / channels.length;
  return mixed;
}

/** Voice is clear at 22.05 kHz: 44 KB a second as 16-bit mono. */
export const RECORDING_SAMPLE_RATE = 22_050;

/**
 * A recorded blob (WebM/Opus, Ogg...) as a mono WAV at RECORDING_SAMPLE_RATE, decoded and
 * resampled by the browser's own audio engine (OfflineAudioContext).
 */
export async function recordingToWav(recording: Blob): Promise<Blob> {
  const data = await recording.arrayBuffer();
  const decoder = new AudioContext();
  let decoded: AudioBuffer;
  try {
    decoded = await decoder.decodeAudioData(data);
  } finally {
    void decoder.close();
  }
  const frames = Math.max(1, Math.ceil(decoded.duration * RECORDING_SAMPLE_RATE));
  const offline = new OfflineAudioContext(1, frames, RECORDING_SAMPLE_RATE);
  const source = offline.createBufferSource();
  source.buffer = decoded;
  source.connect(offline.destination);
  source.start();
  const rendered = await offline.startRendering();
  const wav = encodeWav(mixDown([rendered.getChannelData(0)]), RECORDING_SAMPLE_RATE);
  return new Blob([wav.buffer as ArrayBuffer], { type: "audio/wav" });
}
