import type { Config } from '../config.js';
import { Decimal } from './decimal.js';
import type { SafetyThresholds } from './safety.js';

/** Price-safety thresholds from the configuration (percent settings become fractions). */
export function thresholdsFromConfig(
  config: Pick<Config, 'safetyMaxLossPercent' | 'safetyMaxPriceImpactPercent' | 'safetyMaxLossUsd'>,
): SafetyThresholds {
  return {
    maxUsdLossFraction: Decimal.parse(config.safetyMaxLossPercent).div(Decimal.fromInt(100), 18, 'down'),
    maxPriceImpactPercent: Decimal.parse(config.safetyMaxPriceImpactPercent),
    maxUsdLoss: Decimal.parse(config.safetyMaxLossUsd),
  };
}
