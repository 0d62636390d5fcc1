"""Issue 42: DP, RS and ID3 on Weka's soybean, breast-cancer and vote (apt-get install weka), 10-fold,
folds stratified_folds(y, 10, seed=0), the same for every learner. Run from the worktree root:
`python tests/benchmarks/roughset_missing.py` (the defaults), or with a JSON list of [learner, params]
pairs as the one argument. Figures in RESULTS.md ("Rough-set trees on files with missing values")."""
import sys, time, json
import numpy as np
sys.path.insert(0, '.')
from engine.data import read_table
from engine.data.encode import encode
from engine.data.spec import ProblemSpec
from engine.algorithms.registry import get, resolve_params
from engine.evaluate import stratified_folds
from engine.tree.predict import predict
W = '/usr/share/doc/weka/examples/'
SETS = {'soybean': 'class', 'breast-cancer': 'Class', 'vote': 'Class'}
def load(name):
    t = read_table(W + name + '.arff')
    return encode(t, ProblemSpec(target=SETS[name]))
def cv(data, name, params, seed=0):
    info = get(name)
    fold, _ = stratified_folds(data.y, 10, seed=seed)
    acc = []; leaves = []
    for f in range(10):
        tr = np.flatnonzero(fold != f); te = np.flatnonzero(fold == f)
        tree = info.fit(data.subset(tr), None, resolve_params(info, params))
        acc.append((predict(tree, data.X[te], info.missing).labels == data.y[te]).mean())
        leaves.append(tree.n_leaves)
    return float(np.mean(acc)), float(np.mean(leaves))
if __name__ == '__main__':
    configs = json.loads(sys.argv[1]) if len(sys.argv) > 1 else [["id3", {}], ["dp", {}], ["rs", {}]]
    for s in SETS:
        d = load(s)
        print(s, d.X.shape, 'missing', int(np.isnan(d.X).sum()), 'rows w/ missing', int(np.isnan(d.X).any(1).sum()))
        for name, p in configs:
            t = time.time(); a, l = cv(d, name, p)
            print(f'  {name:4s} {json.dumps(p):60s} acc {a:.3f} leaves {l:.1f}  ({time.time()-t:.1f}s)', flush=True)
