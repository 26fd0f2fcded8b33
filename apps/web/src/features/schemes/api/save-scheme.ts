import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingCartInput, Scheme } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { schemesKey } from './list-schemes';

export interface SaveSchemeInput {
  /** Changes this scheme; without, saves a new one. */
  id: string | null;
  name: string;
  cart: BookingCartInput;
}

/** Saves the booking being put together as a scheme (new, or the one being edited). */
export function useSaveScheme() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, cart }: SaveSchemeInput) =>
      id
        ? api.put<Scheme>(
            `/app/schemes/${encodeURIComponent(id)}`,
            { name, cart },
            { silent: true },
          )
        : api.post<Scheme>('/app/schemes', { name, cart }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: schemesKey }),
  });
}
