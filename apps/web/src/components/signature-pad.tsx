import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/**
 * A signature drawn with a finger on a phone (the recipient at the door, the customer at the
 * counter), on white; `onChange` gets it as a PNG once there is a stroke, and null when cleared.
 */
export function SignaturePad({
  onChange,
  hint,
  language,
}: {
  onChange: (signature: Blob | null) => void;
  /** Who signs, told under the box (default: the recipient at the door). */
  hint?: string;
  /** The signer's language where it is not the page's (a foreign guest at the counter). */
  language?: string;
}) {
  const { t } = useTranslation(undefined, { lng: language });
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [signed, setSigned] = useState(false);

  const clear = () => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    setSigned(false);
    onChange(null);
  };

  // The drawing buffer matches the box on screen (and the screen's pixel density).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    const box = canvas.getBoundingClientRect();
    canvas.width = Math.max(1, Math.round(box.width * ratio));
    canvas.height = Math.max(1, Math.round(box.height * ratio));
    const context = canvas.getContext('2d');
    if (!context) return;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.lineWidth = 3 * ratio;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111';
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    const box = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * canvas.width,
      y: ((event.clientY - box.top) / box.height) * canvas.height,
    };
  };

  const handleDown = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };
  const handleMove = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  };
  const handleUp = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    setSigned(true);
    event.currentTarget.toBlob((blob) => onChange(blob), 'image/png');
  };

  return (
    <div className="signature-pad">
      <canvas
        ref={canvasRef}
        className="signature-pad__canvas"
        role="img"
        aria-label={signed ? t('driver.signature.signed') : t('driver.signature.empty')}
        onPointerDown={handleDown}
        onPointerMove={handleMove}
        onPointerUp={handleUp}
        onPointerCancel={handleUp}
      />
      <div className="signature-pad__bar">
        <span>{signed ? t('driver.signature.signed') : (hint ?? t('driver.signature.hint'))}</span>
        <Button size="middle" onClick={clear} disabled={!signed}>
          {t('driver.signature.clear')}
        </Button>
      </div>
    </div>
  );
}
