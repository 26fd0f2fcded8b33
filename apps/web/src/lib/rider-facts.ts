import type { TFunction } from 'i18next';
import type { RiderFields } from '@snowgear/contracts';

export type RiderFact = 'height' | 'weight' | 'age' | 'ability' | 'boot' | 'sole';

/**
 * A rider's measurements as one short line ('175 厘米 · 70 公斤 · 30 岁 · II 型'), in the order
 * asked, leaving out what is not known. Shared by the customer's riders and the store's DIN lines.
 */
export function riderFacts(
  t: TFunction,
  rider: Omit<RiderFields, 'name' | 'stance'>,
  facts: readonly RiderFact[],
): string {
  const text: Record<RiderFact, string | null> = {
    height: rider.heightCm === null ? null : t('riders.facts.height', { value: rider.heightCm }),
    weight: rider.weightKg === null ? null : t('riders.facts.weight', { value: rider.weightKg }),
    age: rider.age === null ? null : t('riders.facts.age', { value: rider.age }),
    ability: rider.ability === null ? null : t(`riders.abilities.${rider.ability}`),
    boot:
      rider.bootSizeMondopoint === null
        ? null
        : t('riders.facts.boot', { value: rider.bootSizeMondopoint }),
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
