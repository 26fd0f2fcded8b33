import { useCallback, useEffect, useRef } from 'react';

/** Object URLs for local blobs (a photo's own copy), all revoked when the component goes. */
export function useObjectUrls(): (blob: Blob) => string {
  const urls = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
      urls.current = [];
    },
    [],
  );
  return useCallback((blob: Blob) => {
    const url = URL.createObjectURL(blob);
    urls.current.push(url);
    return url;
  }, []);
}
