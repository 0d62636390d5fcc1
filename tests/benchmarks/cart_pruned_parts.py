"""Where the default (pruned) CART's time goes: the fully grown fit, the weakest-link path of
the full tree, the cross-validation's cost curve on 40,000 held-out cases, and the whole
default fit; 200,000 x 20, one thread.

    python tests/benchmarks/cart_pruned_parts.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import os, time, numpy as np
os.environ.setdefault("NUMBA_NUM_THREADS","1")
from engine.data.encode import DataSchema, AttributeSchema, EncodedData
from engine.algorithms.registry import get, resolve_params
from engine.tree.prune import pruning_path, cv_errors
rng=np.random.default_rng(0); n=200_000; p=20
X=rng.random((n,p)); score=X[:,:5].sum(1)+rng.normal(scale=.3,size=n)
y=np.searchsorted(np.quantile(score,[.25,.5,.75]),score)
schema=DataSchema("y",["0","1","2","3"],False,[AttributeSchema(f"x{j}","numeric") for j in range(p)])
data=EncodedData(X,y,np.ones(n),schema,np.arange(n))
info=get("cart")
small=EncodedData(X[:2000],y[:2000],np.ones(2000),schema,np.arange(2000))
info.fit(small,None,info.stage_params(resolve_params(info,{}),"fit"))
def t(f):
    a=time.perf_counter(); r=f(); return r, time.perf_counter()-a
tree,g=t(lambda: info.fit(data,None,info.stage_params(resolve_params(info,{"prune":"none"}),"fit")))
path,pp=t(lambda: pruning_path(tree))
_,cc=t(lambda: tree.compile())
tree._compiled=None
betas=np.append(np.sqrt(path.alphas[:-1]*path.alphas[1:]), path.alphas[-1]*2+1)
_,ce=t(lambda: cv_errors(tree,path.prune_alpha,X[:40000],y[:40000],np.ones(40000),betas))
_,auto=t(lambda: info.fit(data,None,info.stage_params(resolve_params(info,{}),"fit")))
print(f"grow {g:.2f} path {pp:.2f} compile {cc:.2f} cv_errors(40k, incl compile) {ce:.2f} auto total {auto:.2f}")
