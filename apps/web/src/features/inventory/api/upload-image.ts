import { uploadPhoto, type UploadedPhoto } from '@/lib/upload-photo';

export type UploadedImage = UploadedPhoto;

/** Uploads a photo as a temporary equipment image; saving the item keeps it. */
export function uploadEquipmentImage(file: File): Promise<UploadedImage> {
  return uploadPhoto(file, 'EquipmentImage');
}
