"""The trust layer (issue 39): can the user defend a rule?

- `intervals`: each leaf's and rule's support and Wilson score interval for its confidence
  (weighted cases: the effective sample size), and the "few cases" flag;
- `stability`: how often the final model's splits recur, attribute and cut, at the same path in
  the fold models and in bootstrap models;
- `novelty`: a case outside what the model has seen (a number beyond its training range at the
  leaf's path, a category never seen, a combination no training case of the leaf shares).

Their thresholds are the problem's `trust` settings (engine.data.spec.trust.TrustSettings).
"""
