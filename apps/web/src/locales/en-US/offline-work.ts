/** Work kept offline at the counter (new orders, cash) and damage noted at every hand-over. */
export const offlineWork = {
  createLabel_one: 'New order {{name}} · {{count}} item',
  createLabel_other: 'New order {{name}} · {{count}} items',
  orderQueued:
    'No network: the order is kept on this phone and sent when the network returns; the draft stays until it is created',
  orderSynced: 'The order kept offline is created: {{number}}',
  reopenDraft: 'Open the draft again',
  cashLabel: 'Cash received {{number}} · {{amount}}',
  cashQueued: 'Cash received, waiting to sync',
  cashQueuedHint: 'It is sent when the network returns; do not take the cash again',
  damagePhoto: 'Damage photo',
  addPhoto: 'Take or choose a photo',
  retakePhoto: 'Take again',
  removePhoto: 'Remove photo',
  damageNote: 'Damage note (optional)',
  damageNoteRequired: 'Damage note (required)',
  photoRequired: 'Take a photo of the damage',
  noteRequired: 'Describe the damage',
  photoFailed: 'The photo could not be uploaded, try again',
  returnNote: 'At return, {{state}}: {{remarks}}',
  deliveryNote: 'Damaged at delivery: {{remarks}}',
  markDamaged: 'Damaged',
  damagedCount_one: '{{count}} item marked damaged',
  damagedCount_other: '{{count}} items marked damaged',
  deliveryDamageTitle: 'Items damaged at the delivery',
  deliveryDamageTip:
    'Found an item damaged at the hand-over? Mark it with a photo and a note; the store is told.',
};
