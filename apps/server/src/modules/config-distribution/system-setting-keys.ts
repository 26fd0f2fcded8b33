/** Keys of the `system_settings` table that make up `systemInfo` and `filingConfig`. */
export const SystemSettingKey = {
  SystemName: 'System.Name',
  SystemDomain: 'System.Domain',
  CompanyName: 'System.CompanyName',
  /** The company's name in English, for foreign customers; empty: they read the Chinese. */
  CompanyNameEn: 'System.CompanyNameEn',
  SystemLogo: 'System.Logo',
  /** The uploaded logo's file (public while it is the logo); `SystemLogo` holds its address. */
  SystemLogoFileId: 'System.LogoFileId',
  RentalAgreement: 'System.RentalAgreement',
  /** The agreement in English, for foreign customers; empty: they read the Chinese. */
  RentalAgreementEn: 'System.RentalAgreementEn',
  PoliceFilingNumber: 'Filing.PoliceFilingNumber',
  PoliceFilingLink: 'Filing.PoliceFilingLink',
  IcpNumber: 'Filing.IcpNumber',
  IcpLink: 'Filing.IcpLink',
} as const;
