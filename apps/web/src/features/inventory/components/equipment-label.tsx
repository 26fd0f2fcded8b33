import { useMemo } from 'react';
import { QRCodeSVG } from 'qrcode.react';
// The Code 128 encoder alone: the library's `toSVG` looks up every symbology it has by name,
// which brought all of them (some 180 KB) into the labels page.
import { code128, drawingSVG } from 'bwip-js/browser';
import type { Equipment } from '@snowgear/contracts';
import { Paths } from '@/config/paths';

/**
 * One label: a QR code of the inquiry link with the serial number, the Code 128 barcode and the
 * name. A label stays on the gear whoever printed it, so it carries the shop's (Chinese) name,
 * marked as Chinese for a screen reader on an English page.
 */
export function EquipmentLabel({ equipment }: { equipment: Equipment }) {
  const link = `${window.location.origin}${Paths.equipmentInquiry(equipment.barcodeNumber)}`;
  const barcode = useMemo(
    () =>
      code128(
        {
          bcid: 'code128',
          text: equipment.barcodeNumber,
          height: 8,
          includetext: true,
          textxalign: 'center',
          textsize: 8,
        },
        drawingSVG(),
      ),
    [equipment.barcodeNumber],
  );
  return (
    <figure className="equipment-label" data-barcode={equipment.barcodeNumber}>
      <QRCodeSVG value={link} size={84} level="M" marginSize={0} title={link} />
      <figcaption>
        <div className="equipment-label__name" lang="zh-CN">
          {equipment.name}
        </div>
        <div className="equipment-label__barcode" dangerouslySetInnerHTML={{ __html: barcode }} />
      </figcaption>
    </figure>
  );
}
