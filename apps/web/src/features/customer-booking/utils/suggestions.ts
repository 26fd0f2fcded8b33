import { suggestedSize, type BookableCategory, type CartRider } from '@snowgear/contracts';

/**
 * The size to suggest for a rider in a category (ski length from height and ability, boots from
 * the Mondopoint …), only where the category has such a size; empty otherwise.
 */
export function suggestFor(rider: CartRider, category: BookableCategory): Record<string, string> {
  return suggestedSize(category, category.sizeAttributes, rider);
}
