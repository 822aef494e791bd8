// Where views import the heart-risk score from (issue 7 names this module). The function itself
// lives with the other pure rules in machines/rules so the server and the statecharts share it.
export {
  calculateHeartRisk,
  heartRiskErrors,
  HeartRiskInputError,
  HEART_RISK_LIMITS,
  RISK_CAP,
  VALIDATED_AGE,
  type HeartRiskInput,
  type HeartRiskResult,
  type HeartRiskFactor,
} from '../../machines/rules/heart-risk';
