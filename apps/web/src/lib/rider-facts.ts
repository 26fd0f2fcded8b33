import type { TFunction } from 'i18next';
import { cmToFeetInches, kgToLb, type RiderFields } from '@snowgear/contracts';
import { bootSizeEquivalentsText } from './size-systems';

export type RiderFact = 'height' | 'weight' | 'age' | 'ability' | 'boot' | 'sole';

/**
 * A rider's measurements as one short line ('175 厘米 · 70 公斤 · 30 岁 · II 型'), in the order
 * asked, leaving out what is not known. Shared by the customer's riders and the store's DIN lines.
 * English readers also get feet and inches, pounds and the boot size's EU, UK and US equivalents
 * ('175 cm (5 ft 9 in)'): the texts take them, the Chinese ones leave them out.
 */
export function riderFacts(
  t: TFunction,
  rider: Omit<RiderFields, 'name' | 'stance'>,
  facts: readonly RiderFact[],
): string {
  const text: Record<RiderFact, string | null> = {
    height:
      rider.heightCm === null
        ? null
        : t('riders.facts.height', { value: rider.heightCm, ...cmToFeetInches(rider.heightCm) }),
    weight:
      rider.weightKg === null
        ? null
        : t('riders.facts.weight', { value: rider.weightKg, lb: kgToLb(rider.weightKg) }),
    age: rider.age === null ? null : t('riders.facts.age', { value: rider.age }),
    ability: rider.ability === null ? null : t(`riders.abilities.${rider.ability}`),
    boot:
      rider.bootSizeMondopoint === null
        ? null
        : t('riders.facts.boot', {
            value: rider.bootSizeMondopoint,
            equivalents: bootSizeEquivalentsText(t, rider.bootSizeMondopoint),
          }),
    sole:
      rider.bootSoleLengthMm === null
        ? null
        : t('riders.facts.sole', { value: rider.bootSoleLengthMm }),
  };
  return facts
    .map((fact) => text[fact])
    .filter((part): part is string => part !== null)
    .join(' · ');
}
