import { agreementVersion } from '@/lib/agreement.js';
import {
  DEFAULT_SYSTEM_NAME,
  PRIVATE_BUSINESS_PARAMETERS,
  type H5Config,
  type KeyValue,
  type StoreConfig,
} from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { findActiveStores, findBusinessParameters, findSystemSettings } from './repository.js';
import { SystemSettingKey as S } from './system-setting-keys.js';

/** Assembles the client configuration of spec §3 from the tenant's rows. */
export async function getH5Config(db: Database, tenantId: string): Promise<H5Config> {
  const [settings, storeRows, parameterRows] = await Promise.all([
    findSystemSettings(db, tenantId),
    findActiveStores(db, tenantId),
    findBusinessParameters(db, tenantId),
  ]);
  const setting = (key: string) => settings.get(key) ?? '';

  const globalBusinessParameters: KeyValue[] = [];
  const perStore = new Map<string, KeyValue[]>();
  for (const row of parameterRows) {
    if (PRIVATE_BUSINESS_PARAMETERS.includes(row.key)) continue;
    const pair = { key: row.key, value: row.value };
    if (row.storeId === null) globalBusinessParameters.push(pair);
    else perStore.set(row.storeId, [...(perStore.get(row.storeId) ?? []), pair]);
  }

  const storeConfigs: Record<string, StoreConfig> = {};
  for (const store of storeRows) {
    storeConfigs[store.id] = {
      storeId: store.id,
      storeName: store.name,
      storeNameEn: store.nameEn,
      contactInfo: { phone: store.phone, address: store.address, addressEn: store.addressEn },
      location:
        store.latitude !== null && store.longitude !== null
          ? { latitude: store.latitude, longitude: store.longitude }
          : null,
      businessHours: {
        startTime: store.openTime,
        endTime: store.closeTime,
        restDays: [...store.restDays].sort((a, b) => a - b),
      },
      businessParameters: perStore.get(store.id) ?? [],
    };
  }

  return {
    systemInfo: {
      systemName: setting(S.SystemName) || DEFAULT_SYSTEM_NAME,
      systemDomain: setting(S.SystemDomain),
      companyName: setting(S.CompanyName),
      companyNameEn: setting(S.CompanyNameEn),
      systemLogo: setting(S.SystemLogo),
      rentalAgreement: setting(S.RentalAgreement),
      rentalAgreementEn: setting(S.RentalAgreementEn),
      rentalAgreementVersion: agreementVersion(
        setting(S.RentalAgreement),
        setting(S.RentalAgreementEn),
      ),
    },
    storeConfigs,
    globalBusinessParameters,
    filingConfig: {
      policeFilingNumber: setting(S.PoliceFilingNumber),
      policeFilingLink: setting(S.PoliceFilingLink),
      icpNumber: setting(S.IcpNumber),
      icpLink: setting(S.IcpLink),
    },
  };
}
