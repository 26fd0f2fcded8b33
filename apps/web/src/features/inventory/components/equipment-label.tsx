import { useMemo } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { toSVG } from 'bwip-js/browser';
import type { Equipment } from '@snowgear/contracts';
import { Paths } from '@/config/paths';

/** One label: a QR code of the inquiry link with the serial number, the Code 128 barcode and the name. */
export function EquipmentLabel({ equipment }: { equipment: Equipment }) {
  const link = `${window.location.origin}${Paths.equipmentInquiry(equipment.barcodeNumber)}`;
  const barcode = useMemo(
    () =>
      toSVG({
        bcid: 'code128',
        text: equipment.barcodeNumber,
        height: 8,
        includetext: true,
        textxalign: 'center',
        textsize: 8,
      }),
    [equipment.barcodeNumber],
  );
  return (
    <figure className="equipment-label" data-barcode={equipment.barcodeNumber}>
      <QRCodeSVG value={link} size={84} level="M" marginSize={0} title={link} />
      <figcaption>
        <div className="equipment-label__name">{equipment.name}</div>
        <div className="equipment-label__barcode" dangerouslySetInnerHTML={{ __html: barcode }} />
      </figcaption>
    </figure>
  );
}
