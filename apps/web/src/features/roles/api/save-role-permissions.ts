import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleMatrix, RolePermissionsChange } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { rolesKey, roleMatrixQuery } from './get-role-matrix';

/** Replaces one role's permissions (the super admin only); answers what was added and removed. */
export function saveRolePermissions(role: string, permissions: string[]) {
  return api.put<RolePermissionsChange>(
    `/app/roles/${encodeURIComponent(role)}/permissions`,
    { permissions },
    { silent: true },
  );
}

export function useSaveRolePermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { role: string; permissions: string[] }) =>
      saveRolePermissions(v.role, v.permissions),
    onSuccess: (change) => {
      // The saved row at once, so the switches do not flick back while the matrix reloads.
      client.setQueryData<RoleMatrix>(
        roleMatrixQuery().queryKey,
        (matrix) =>
          matrix && {
            ...matrix,
            roles: matrix.roles.map((r) => (r.name === change.role.name ? change.role : r)),
          },
      );
      return client.invalidateQueries({ queryKey: rolesKey });
    },
  });
}
