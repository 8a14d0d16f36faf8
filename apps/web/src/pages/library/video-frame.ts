/**
 * A still of a video file for its card, taken in the browser (the server does not decode
 * video): the frame at one second, at most 640 px wide, as JPEG. Null when the browser cannot
 * play the file's codec or it takes too long; the server then keeps its own placeholder.
 */
export function captureVideoFrame(file: File, timeoutMs = 8000): Promise<Blob | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    let done = false;
    const finish = (blob: Blob | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      video.removeAttribute("src");
      video.load();
      URL.revokeObjectURL(url);
      resolve(blob);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.addEventListener("error", () => finish(null));
    video.addEventListener("loadeddata", () => {
      video.currentTime = Math.min(1, (video.duration || 0) / 2);
    });
    video.addEventListener("seeked", () => {
      const width = Math.min(640, video.videoWidth);
      const height = Math.round((video.videoHeight / Math.max(1, video.videoWidth)) * width);
      if (width === 0 || height === 0) return finish(null);
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      canvas.getContext("2d")?.drawImage(video, 0, 0, width, height);
      canvas.toBlob((blob) => finish(blob), "image/jpeg", 0.85);
    });
    video.src = url;
  });
}
