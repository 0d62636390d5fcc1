"""The 1-D Kohonen map that places the fuzzy terms' centres (seed 002, ALGORITHMS.md §3.1).

`kohonen_1d` is the training rule on given visiting orders. `kohonen_columns`
trains the centres of many attributes in one call: for each it gathers the
known values, starts the centres evenly spaced (np.linspace's arithmetic),
draws every epoch's visiting order itself and trains, sorts and merges. The
orders are the ones `np.random.default_rng(seed).permutation(n)` gives, epoch
after epoch, bit for bit: NumPy's SeedSequence (`_seed_state`), its PCG64 bit
generator (`_lcg`, `_output`: the XSL-RR output of a 128-bit LCG) and
Generator.shuffle's Fisher-Yates with masked rejection sampling (`_shuffle`). The
128-bit arithmetic is done in 32-bit limbs held in uint64, so that no
operation overflows (NumPy's scalars warn on overflow when the JIT is off).
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT

_M32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)
_ZERO = np.uint64(0)
_ONE = np.uint64(1)
# SeedSequence's constants (numpy/random/bit_generator.pyx)
_INIT_A = np.uint64(0x43B0D7E5)
_MULT_A = np.uint64(0x931E8875)
_INIT_B = np.uint64(0x8B51F9DD)
_MULT_B = np.uint64(0x58F38DED)
_MIX_L = np.uint64(0xCA01F9DD)
_MIX_R = np.uint64(0x4973F715)
_XSHIFT = np.uint64(16)
_TWO32 = np.uint64(1 << 32)
# PCG64's default multiplier, 2549297995355413924 · 2^64 + 4865540595714422341, in 32-bit limbs (low first)
_M0, _M1, _M2, _M3 = (np.uint64((((2549297995355413924 << 64) + 4865540595714422341) >> (32 * i)) & 0xFFFFFFFF)
                      for i in range(4))
#: a generator's state: limbs 0-3 the LCG state, 4-7 its increment (low limb first), 8 has_uint32, 9 uinteger
STATE = 10


@numba.njit(**JIT)
def kohonen_1d(values, centres, orders, rate, start=0, total=0):
    """Train `centres` (changed in place) on `values`, visiting them epoch by epoch in the
    orders given (orders[e] a permutation of the value indices). At step t of T steps in all
    (`total`; 0: epochs x n), counted from `start` (a caller that passes one epoch at a time
    says where it is), the winner j = argmin |x - m_j| (ties: the lower centre) moves
    m_j += η_t (x - m_j), with η_t = rate · (1 - t / T): a learning rate decaying linearly
    from `rate` towards 0."""
    epochs, n = orders.shape
    if total <= 0:
        total = epochs * n
    t = start
    if centres.shape[0] == 2:  # the default k: the same steps with the two centres held in registers (2x faster)
        c0, c1 = centres[0], centres[1]
        for e in range(epochs):
            for s in range(n):
                x = values[orders[e, s]]
                if abs(x - c1) < abs(x - c0):
                    c1 += rate * (1.0 - t / total) * (x - c1)
                else:
                    c0 += rate * (1.0 - t / total) * (x - c0)
                t += 1
        centres[0], centres[1] = c0, c1
        return centres
    for e in range(epochs):
        for s in range(n):
            x = values[orders[e, s]]
            best = 0
            distance = abs(x - centres[0])
            for j in range(1, centres.shape[0]):
                d = abs(x - centres[j])
                if d < distance:
                    best, distance = j, d
            centres[best] += rate * (1.0 - t / total) * (x - centres[best])
            t += 1
    return centres


# ---- NumPy's default_rng(seed), exactly -----------------------------------------------------------


@numba.njit(**JIT)
def _hashmix(value, hash_const):
    """SeedSequence's hashmix on 32-bit words: (mixed value, next hash constant)."""
    value = value ^ hash_const
    hash_const = (hash_const * _MULT_A) & _M32
    value = (value * hash_const) & _M32
    value = value ^ (value >> _XSHIFT)
    return value, hash_const


@numba.njit(**JIT)
def _mix(x, y):
    a = (_MIX_L * x) & _M32
    b = (_MIX_R * y) & _M32
    result = (a + _TWO32 - b) & _M32
    return result ^ (result >> _XSHIFT)


@numba.njit(**JIT)
def _lcg(s0, s1, s2, s3, i0, i1, i2, i3):
    """One LCG step, s · MULT + inc (mod 2^128), on 32-bit limbs (low first): schoolbook
    multiplication written out, every partial product below 2^64 and every column sum below
    2^36, so nothing overflows."""
    p00 = s0 * _M0
    p01 = s0 * _M1
    p10 = s1 * _M0
    p02 = s0 * _M2
    p11 = s1 * _M1
    p20 = s2 * _M0
    acc = (p00 & _M32) + i0
    r0 = acc & _M32
    acc = (acc >> _S32) + (p01 & _M32) + (p10 & _M32) + (p00 >> _S32) + i1
    r1 = acc & _M32
    acc = (acc >> _S32) + (p02 & _M32) + (p11 & _M32) + (p20 & _M32) + (p01 >> _S32) + (p10 >> _S32) + i2
    r2 = acc & _M32
    acc = ((acc >> _S32) + ((s0 * _M3) & _M32) + ((s1 * _M2) & _M32) + ((s2 * _M1) & _M32) + ((s3 * _M0) & _M32)
           + (p02 >> _S32) + (p11 >> _S32) + (p20 >> _S32) + i3)
    return r0, r1, r2, acc & _M32


@numba.njit(**JIT)
def _output(s0, s1, s2, s3):
    """PCG64's XSL-RR output of a state: (high 64 bits ^ low 64 bits) rotated right by the top 6 bits."""
    x = ((s3 << _S32) | s2) ^ ((s1 << _S32) | s0)
    rot = s3 >> np.uint64(26)
    return (x >> rot) | (x << ((np.uint64(64) - rot) & np.uint64(63)))


@numba.njit(**JIT)
def _step(state):
    """One LCG step on a STATE array, in place."""
    state[0], state[1], state[2], state[3] = _lcg(state[0], state[1], state[2], state[3],
                                                  state[4], state[5], state[6], state[7])


@numba.njit(**JIT)
def _seed_state(seed, state):
    """`state` (STATE limbs) set as np.random.default_rng(seed)'s PCG64: SeedSequence(seed)
    (its entropy the seed's 32-bit words, low first; a pool of 4 words) gives 4 uint64 words
    w; PCG64 seeds its LCG with state w0·2^64 + w1 and sequence w2·2^64 + w3."""
    words = np.zeros(2, dtype=np.uint64)
    value = np.uint64(seed)
    words[0] = value & _M32
    words[1] = value >> _S32
    n_words = 2 if words[1] != _ZERO else 1
    pool = np.empty(4, dtype=np.uint64)
    hash_const = _INIT_A
    for i in range(4):
        pool[i], hash_const = _hashmix(words[i] if i < n_words else _ZERO, hash_const)
    for i_src in range(4):
        for i_dst in range(4):
            if i_src != i_dst:
                mixed, hash_const = _hashmix(pool[i_src], hash_const)
                pool[i_dst] = _mix(pool[i_dst], mixed)
    # generate_state(4, uint64): 8 words of 32 bits, word 2i the low half of uint64 i
    w32 = np.empty(8, dtype=np.uint64)
    hash_b = _INIT_B
    for i in range(8):
        v = pool[i % 4] ^ hash_b
        hash_b = (hash_b * _MULT_B) & _M32
        v = (v * hash_b) & _M32
        w32[i] = v ^ (v >> _XSHIFT)
    # seed = w0 · 2^64 + w1, inc = w2 · 2^64 + w3 (w_i = w32[2i] + w32[2i+1] · 2^32); limbs low first
    init = np.array([w32[2], w32[3], w32[0], w32[1]], dtype=np.uint64)
    seq = np.array([w32[6], w32[7], w32[4], w32[5]], dtype=np.uint64)
    # pcg_setseq_128_srandom_r: inc = seq << 1 | 1; state = 0; step; state += init; step
    carry = _ZERO
    for k in range(4):
        shifted = ((seq[k] << _ONE) & _M32) | carry
        carry = seq[k] >> np.uint64(31)
        state[4 + k] = shifted
    state[4] |= _ONE
    for k in range(4):
        state[k] = _ZERO
    _step(state)
    carry = _ZERO
    for k in range(4):
        acc = state[k] + init[k] + carry
        state[k] = acc & _M32
        carry = acc >> _S32
    _step(state)
    state[8] = _ZERO
    state[9] = _ZERO


@numba.njit(**JIT)
def _next64(state):
    """The generator's next 64-bit output (bit_generator.random_raw), the state updated."""
    _step(state)
    return _output(state[0], state[1], state[2], state[3])


@numba.njit(**JIT)
def _shuffle(state, order):
    """Generator.shuffle of a 1-D array, with the generator `state` (updated): for i = n-1 .. 1,
    swap order[i] with order[j], j drawn in [0, i] by numpy's random_interval (masked rejection
    sampling: mask = the smallest 2^b - 1 >= i, draws & mask until one is <= i); a draw is
    32 bits while i < 2^32 (a 64-bit output serves two: its low half, then its high half kept
    in the state), else 64 bits. The state is held in locals while the loop runs."""
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    i0, i1, i2, i3 = state[4], state[5], state[6], state[7]
    has32, kept = state[8], state[9]
    for i in range(order.shape[0] - 1, 0, -1):
        maximum = np.uint64(i)
        mask = maximum
        mask |= mask >> np.uint64(1)
        mask |= mask >> np.uint64(2)
        mask |= mask >> np.uint64(4)
        mask |= mask >> np.uint64(8)
        mask |= mask >> np.uint64(16)
        mask |= mask >> np.uint64(32)
        while True:
            if maximum <= _M32:
                if has32 != _ZERO:
                    has32 = _ZERO
                    draw = kept
                else:
                    s0, s1, s2, s3 = _lcg(s0, s1, s2, s3, i0, i1, i2, i3)
                    out = _output(s0, s1, s2, s3)
                    has32, kept = _ONE, out >> _S32
                    draw = out & _M32
            else:
                s0, s1, s2, s3 = _lcg(s0, s1, s2, s3, i0, i1, i2, i3)
                draw = _output(s0, s1, s2, s3)
            value = draw & mask
            if value <= maximum:
                break
        j = np.int64(value)
        order[i], order[j] = order[j], order[i]
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    state[8], state[9] = has32, kept


@numba.njit(**JIT)
def seeded_permutations(seed, n, epochs):
    """The orders `rng = np.random.default_rng(seed)` gives by `rng.permutation(n)`, `epochs`
    times in a row: an (epochs, n) int64 array."""
    state = np.empty(STATE, dtype=np.uint64)
    _seed_state(seed, state)
    out = np.empty((epochs, n), dtype=np.int64)
    for e in range(epochs):
        for i in range(n):
            out[e, i] = i
        _shuffle(state, out[e])
    return out


# ---- every attribute's centres in one call ---------------------------------------------------------


@numba.njit(**JIT)
def kohonen_columns(X, columns, seeds, k, rate, epochs):
    """The sorted, merged Kohonen centres of the attributes X[:, columns[c]], each with its
    own seed (seeds[c]): what `fuzzify.kohonen_centres` made one attribute at a time with one
    `rng.permutation` and one `kohonen_1d` call per epoch. Per attribute: the known values in
    row order (n of them); none: no centre; all equal: the one centre lo; else k centres
    starting at np.linspace(lo, hi, k) (k = 1: the midpoint), trained `epochs` epochs on the
    orders of default_rng(seed) with the rate falling from `rate` over epochs x n steps,
    sorted, and a centre within 1e-9 x (hi - lo) of the one before it (sorted) dropped.
    Returns (centres (m, k), counts (m,)): attribute c's centres are centres[c, :counts[c]]."""
    n_rows = X.shape[0]
    m = columns.shape[0]
    centres = np.full((m, k), np.nan)
    counts = np.zeros(m, dtype=np.int64)
    values = np.empty(n_rows, dtype=np.float64)
    order = np.empty((1, n_rows), dtype=np.int64)
    state = np.empty(STATE, dtype=np.uint64)
    c_k = np.empty(k, dtype=np.float64)
    for c in range(m):
        j = columns[c]
        n = 0
        for i in range(n_rows):
            v = X[i, j]
            if not np.isnan(v):
                values[n] = v
                n += 1
        if n == 0:
            continue
        lo = values[0]
        hi = values[0]
        for i in range(1, n):
            if values[i] < lo:
                lo = values[i]
            if values[i] > hi:
                hi = values[i]
        if lo == hi:
            centres[c, 0] = lo
            counts[c] = 1
            continue
        if k > 1:  # np.linspace(lo, hi, k): i · step + lo (i / div · delta when step underflows), last = hi
            delta = hi - lo
            step = delta / (k - 1)
            for i in range(k):
                c_k[i] = (float(i) * step if step != 0 else float(i) / (k - 1) * delta) + lo
            c_k[k - 1] = hi
        else:
            c_k[0] = (lo + hi) / 2
        _seed_state(seeds[c], state)
        row = order[:, :n]
        for e in range(epochs):
            for i in range(n):
                order[0, i] = i
            _shuffle(state, order[0, :n])
            kohonen_1d(values[:n], c_k, row, rate, e * n, epochs * n)
        sorted_k = np.sort(c_k)
        keep = 0
        for i in range(k):
            if i == 0 or sorted_k[i] - sorted_k[i - 1] > 1e-9 * (hi - lo):
                centres[c, keep] = sorted_k[i]
                keep += 1
        counts[c] = keep
    return centres, counts
