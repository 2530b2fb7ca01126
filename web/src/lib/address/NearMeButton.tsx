// "Near me" for the search panel and alerts: the reader's position from the browser's geolocation,
// handed over as a place named "Près de moi" / "Near me". A refusal, a position that cannot be had or
// a browser without geolocation shows the geolocation-failure message (spec §8) beside the button.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface NearMe {
  latitude: number;
  longitude: number;
  /** What the place field shows: "Près de moi" / "Near me". */
  label: string;
}

/** A position up to this old will do (the reader has not moved towns), and no longer than this wait. */
const POSITION_OPTIONS: PositionOptions = { maximumAge: 5 * 60_000, timeout: 15_000 };

export function NearMeButton({ onLocate }: { onLocate: (place: NearMe) => void }) {
  const { t } = useTranslation('address');
  const errorId = useId();
  const [locating, setLocating] = useState(false);
  const [failed, setFailed] = useState(false);

  const locate = () => {
    setFailed(false);
    if (!('geolocation' in navigator)) {
      setFailed(true);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        onLocate({ latitude: coords.latitude, longitude: coords.longitude, label: t('nearMe') });
      },
      () => {
        setLocating(false);
        setFailed(true);
      },
      POSITION_OPTIONS,
    );
  };

  return (
    <div className="near-me">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-disabled={locating || undefined}
        aria-describedby={failed ? errorId : undefined}
        onClick={() => !locating && locate()}
      >
        {locating ? t('locating') : t('nearMe')}
      </button>
      {failed && (
        <p id={errorId} className="field__error" role="alert">
          {t('geolocationFailed')}
        </p>
      )}
    </div>
  );
}
