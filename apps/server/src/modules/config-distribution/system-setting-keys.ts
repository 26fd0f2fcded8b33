/** Keys of the `system_settings` table that make up `systemInfo` and `filingConfig`. */
export const SystemSettingKey = {
  SystemName: 'System.Name',
  SystemDomain: 'System.Domain',
  CompanyName: 'System.CompanyName',
  SystemLogo: 'System.Logo',
  RentalAgreement: 'System.RentalAgreement',
  PoliceFilingNumber: 'Filing.PoliceFilingNumber',
  PoliceFilingLink: 'Filing.PoliceFilingLink',
  IcpNumber: 'Filing.IcpNumber',
  IcpLink: 'Filing.IcpLink',
} as const;
