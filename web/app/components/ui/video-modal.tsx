import { useState } from 'react'
import type { VideoSource } from '~/content/company'
import { Modal } from './modal'

export interface VideoModalProps {
  readonly open: boolean
  readonly onClose: () => void
  readonly video: VideoSource
}

/**
 * A video in a modal. The `<video>` exists only while the modal is open: nothing is downloaded before the
 * visitor asks, it starts muted (browsers allow muted autoplay) and closing removes it, which stops it.
 * If the file cannot be played, the local poster and a short note are shown instead.
 */
export function VideoModal({ open, onClose, video }: VideoModalProps) {
  const [failed, setFailed] = useState(false)
  return (
    <Modal
      open={open}
      onClose={() => {
        setFailed(false)
        onClose()
      }}
      title={video.title}
    >
      <div className="relative aspect-video overflow-hidden rounded-xl bg-night">
        {failed ? (
          <div className="absolute inset-0">
            <img src={video.poster} alt="" width={1280} height={720} className="size-full object-cover" />
            <p
              role="status"
              className="absolute inset-x-4 bottom-4 rounded-lg bg-night/80 px-4 py-3 text-sm text-white"
            >
              {video.unavailableMessage}
            </p>
          </div>
        ) : (
          <video
            className="size-full"
            src={video.src}
            poster={video.poster}
            autoPlay
            muted
            playsInline
            controls
            preload="auto"
            onError={() => setFailed(true)}
            data-testid="modal-video"
          >
            <track kind="captions" />
          </video>
        )}
      </div>
    </Modal>
  )
}
