import { useState } from 'react';

export interface SocialCardPreviewProps {
  caption: string;
  siteName: string | null;
  title: string;
  description: string;
  image: string;
}

/** A link card as Facebook, LinkedIn and X show it: large image, then domain, title and description. */
export function SocialCardPreview({ caption, siteName, title, description, image }: SocialCardPreviewProps) {
  const [failedImage, setFailedImage] = useState('');
  const showImage = image !== '' && failedImage !== image;
  return (
    <figure className="pb-preview">
      <figcaption className="pb-preview__caption">{caption}</figcaption>
      <div className="pb-card">
        <div className="pb-card__image">
          {showImage ? (
            <img src={image} alt="" onError={() => setFailedImage(image)} />
          ) : (
            <span>{image === '' ? 'No image' : 'Cannot load the image'}</span>
          )}
        </div>
        <div className="pb-card__body">
          {siteName && <span className="pb-card__domain">{siteName}</span>}
          <span className={title ? 'pb-card__title' : 'pb-card__title pb-card__title--missing'}>
            {title || 'No title'}
          </span>
          {description && <span className="pb-card__description">{description}</span>}
        </div>
      </div>
    </figure>
  );
}
