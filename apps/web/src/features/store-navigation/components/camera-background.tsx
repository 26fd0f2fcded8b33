import { useEffect, useRef } from 'react';

/** The rear camera's picture behind the arrow; decorative, so hidden from screen readers. */
export function CameraBackground({ stream }: { stream: MediaStream }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = stream;
    // Muted inline video may autoplay; if a browser still refuses, the plain colours remain.
    Promise.resolve(element.play()).catch(() => undefined);
    return () => {
      element.srcObject = null;
    };
  }, [stream]);
  return <video ref={video} className="store-nav__video" autoPlay playsInline muted aria-hidden />;
}
