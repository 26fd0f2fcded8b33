import { useState } from 'react';
import type { TFunction } from 'i18next';
import {
  BOOT_SIZE_SYSTEMS,
  bootSizeEquivalents,
  SupportedLanguage,
  type BootSizeSystem,
} from '@snowgear/contracts';
import { storage, StorageKey } from './storage';

/**
 * Sizes and units a visitor knows: boot sizes in the shoe size system they know, heights in feet
 * and inches and weights in pounds for English readers. What is kept stays Mondopoint, cm and kg
 * (contracts' sizing.ts converts); these are the person's remembered choices and the words.
 */

export const HeightUnit = { Cm: 'cm', FeetInches: 'ftIn' } as const;
export type HeightUnit = (typeof HeightUnit)[keyof typeof HeightUnit];
export const WeightUnit = { Kg: 'kg', Lb: 'lb' } as const;
export type WeightUnit = (typeof WeightUnit)[keyof typeof WeightUnit];

/** A choice kept in local storage for next time; `fallback` until one is made (or if unknown). */
function useRemembered<T extends string>(
  key: StorageKey,
  allowed: readonly T[],
  fallback: T,
): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const saved = storage.get(key);
    return allowed.find((a) => a === saved) ?? fallback;
  });
  const remember = (next: T) => {
    storage.set(key, next);
    setValue(next);
  };
  return [value, remember];
}

export const useBootSizeSystem = () =>
  useRemembered<BootSizeSystem>(StorageKey.bootSizeSystem, BOOT_SIZE_SYSTEMS, 'mondopoint');
export const useHeightUnit = () =>
  useRemembered<HeightUnit>(StorageKey.heightUnit, Object.values(HeightUnit), HeightUnit.Cm);
export const useWeightUnit = () =>
  useRemembered<WeightUnit>(StorageKey.weightUnit, Object.values(WeightUnit), WeightUnit.Kg);

/** Feet, inches and pounds are for English readers; Chinese readers keep cm and kg. */
export const readsImperial = (language: string) => language === SupportedLanguage.enUS;

/**
 * A Mondopoint's equivalents in words: 'EU 41 · UK 7.5 · US M 8.5 / W 9.5' ('EU 30.5' for a
 * child's foot, which has no adult UK or US size).
 */
export function bootSizeEquivalentsText(t: TFunction, mondopoint: number): string {
  const { eu, uk, usMen, usWomen } = bootSizeEquivalents(mondopoint);
  return [
    t('bootSizes.eu', { size: eu }),
    uk === null ? null : t('bootSizes.uk', { size: uk }),
    usMen === null || usWomen === null ? null : t('bootSizes.us', { men: usMen, women: usWomen }),
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
}
