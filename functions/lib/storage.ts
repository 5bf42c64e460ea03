import { PutObjectCommand } from '@aws-sdk/client-s3'
import { s3 } from './clients'
import { uploadsBucketName } from './config'

const uploadsBucket = uploadsBucketName()

/** Stores an uploaded file under `key` in the uploads bucket, with its checked media type. */
export async function putUpload(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: uploadsBucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      // The key carries a timestamp, so the object never changes: browsers and CloudFront may keep it.
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  )
}
