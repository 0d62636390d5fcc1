<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
    <context>
        <name>engine</name>
        <message>
            <location filename="engine/algorithms/c45.py" line="531" />
            <location filename="engine/algorithms/c45.py" line="584" />
            <location filename="engine/algorithms/c45.py" line="601" />
            <source>growing the C4.5 tree</source>
            <translation>正在生长 C4.5 决策树</translation>
        </message>
        <message>
            <location filename="engine/algorithms/c45.py" line="438" />
            <source>C4.5 (J48: gain ratio, error-based pruning)</source>
            <translation>C4.5（J48：信息增益率，基于错误的剪枝）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/c45.py" line="440" />
            <source>M: fewest cases in at least two branches of a split</source>
            <translation>M：分裂中至少两个分支各自的最少样本数</translation>
        </message>
        <message>
            <location filename="engine/algorithms/c45.py" line="441" />
            <source>CF of error-based pruning (smaller prunes more)</source>
            <translation>基于错误的剪枝的置信因子 CF（越小剪得越多）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/c45.py" line="443" />
            <source>error-based pruning (false: the unpruned tree)</source>
            <translation>基于错误的剪枝（false：不剪枝的树）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/c45.py" line="444" />
            <source>replace a node by its largest branch when that is better</source>
            <translation>当更优时用节点最大的分支替换该节点（子树提升）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/c45.py" line="445" />
            <source>collapse subtrees that do not reduce training errors</source>
            <translation>折叠不减少训练错误的子树</translation>
        </message>
        <message>
            <location filename="engine/algorithms/c45.py" line="446" />
            <source>Quinlan's MDL correction of numeric cuts</source>
            <translation>对数值切分点使用 Quinlan 的 MDL 修正</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="154" />
            <source>enforce_monotone and hierarchy_labels exclude each other</source>
            <translation>enforce_monotone 与 hierarchy_labels 互斥</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="83" />
            <source>CART (Gini, cost-complexity pruning)</source>
            <translation>CART（基尼指数，代价复杂度剪枝）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="149" />
            <source>enforce_monotone and hierarchy_labels exclude each other: monotone relabelling needs class answers, hierarchy labels may answer a coarser label</source>
            <translation>enforce_monotone 与 hierarchy_labels 互斥：单调重标记需要以类别作答，而层次标签可能给出更粗的标签</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="85" />
            <source>auto: cost-complexity pruning chosen by internal cross-validation and the 1-SE rule; none: the fully grown tree</source>
            <translation>auto：由内部交叉验证和 1-SE 规则选择的代价复杂度剪枝；none：完全生长的树</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="87" />
            <source>prune at this complexity instead (empty: chosen by cross-validation)</source>
            <translation>改为按此复杂度剪枝（留空：由交叉验证选择）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="89" />
            <source>impurity measure</source>
            <translation>不纯度度量</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="90" />
            <location filename="engine/algorithms/ordinal.py" line="149" />
            <source>fewest cases in a leaf</source>
            <translation>叶节点的最少样本数</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="91" />
            <location filename="engine/algorithms/mincost.py" line="519" />
            <location filename="engine/algorithms/ordinal.py" line="253" />
            <location filename="engine/algorithms/roughset.py" line="254" />
            <source>fewest cases in a node that may be split</source>
            <translation>可分裂节点的最少样本数</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="92" />
            <location filename="engine/algorithms/id3.py" line="59" />
            <location filename="engine/algorithms/mincost.py" line="520" />
            <location filename="engine/algorithms/ordinal.py" line="150" />
            <location filename="engine/algorithms/roughset.py" line="255" />
            <source>deepest level (empty: no limit)</source>
            <translation>最大树深度（留空：不限）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="93" />
            <source>internal cross-validation folds for pruning</source>
            <translation>剪枝所用内部交叉验证的折数</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="94" />
            <source>standard errors allowed above the best cross-validated error</source>
            <translation>允许高出最佳交叉验证误差的标准误个数</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="96" />
            <source>seed of the internal folds</source>
            <translation>内部折划分的随机种子</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="97" />
            <source>ordered classes: relabel the leaves so no non-monotone pair is left</source>
            <translation>有序类别：重新标记叶节点，使不再有非单调对</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="139" />
            <source>enforce_monotone needs ordered classes and at least one monotone attribute</source>
            <translation>enforce_monotone 需要有序类别和至少一个单调属性</translation>
        </message>
        <message>
            <location filename="engine/algorithms/classic.py" line="58" />
            <source>pruning: cross-validation fold {fold} of {folds}</source>
            <translation>剪枝：交叉验证第 {fold} 折（共 {folds} 折）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/fuzzify.py" line="143" />
            <source>{given}, but {made}: the default names ({defaults}) are used{hint}</source>
            <translation>{given}，但{made}：因此使用默认名称（{defaults}）{hint}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/fuzzify.py" line="135" />
            <source>there are {n} fixed centres</source>
            <translation>已有 {n} 个固定中心</translation>
        </message>
        <message>
            <location filename="engine/algorithms/fuzzify.py" line="141" />
            <source>; train with k = {n} to use them</source>
            <translation>；用 k = {n} 训练即可使用这些名称</translation>
        </message>
        <message>
            <location filename="engine/algorithms/fuzzify.py" line="142" />
            <source>{n} names given</source>
            <translation>给出了 {n} 个名称</translation>
        </message>
        <message>
            <location filename="engine/algorithms/fuzzify.py" line="142" />
            <source>{n} name given</source>
            <translation>给出了 {n} 个名称</translation>
        </message>
        <message>
            <location filename="engine/algorithms/fuzzify.py" line="124" />
            <source>fuzzy terms of "{name}": {problem}</source>
            <translation>“{name}”的模糊语义值：{problem}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/fuzzify.py" line="140" />
            <source>k = {k} makes {n} terms</source>
            <translation>k = {k} 生成 {n} 个模糊语义值</translation>
        </message>
        <message>
            <location filename="engine/algorithms/fuzzify.py" line="137" />
            <source>k = {k} made only {n} terms on these values (centres that met were merged)</source>
            <translation>k = {k} 在这些取值上只生成了 {n} 个模糊语义值（重合的中心已合并）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/fuzzify.py" line="138" />
            <source>k = {k} made only {n} term on these values (centres that met were merged)</source>
            <translation>k = {k} 在这些取值上只生成了 {n} 个模糊语义值（重合的中心已合并）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/fuzzify.py" line="221" />
            <source>"{name}" is not numeric: it keeps one crisp term per value, and its fuzzy terms are not used</source>
            <translation>“{name}”不是数值型：它的每个取值各为一个清晰项，其模糊语义值不会被使用</translation>
        </message>
        <message>
            <location filename="engine/algorithms/guideline.py" line="30" />
            <source>the rules, one a line or separated by ';': IF age &gt; 50 AND bp &gt;= 140 THEN high; ELSE IF ... THEN ...; ELSE low (the default, required)</source>
            <translation>规则，每行一条或以“；”分隔：如果 年龄 &gt; 50 且 血压 &gt;= 140 则 高；否则如果 … 则 …；否则 低（最后的“否则”给出默认类别，必须有）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/guideline.py" line="54" />
            <source>Guideline (the expert's own rules, typed)</source>
            <translation>指南（专家自己输入的规则）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/guideline.py" line="38" />
            <source>the guideline has no rules: its text is empty</source>
            <translation>指南没有规则：其文本为空</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="78" />
            <source>HFDT (hierarchical fuzzy tree: hierarchical entropy, leaves at any level)</source>
            <translation>HFDT（层次模糊决策树：层次模糊熵，叶节点可在任意层）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="173" />
            <source>Fuzzy ID3 (fuzzy entropy at one level of the class hierarchy; class proportions in the leaves)</source>
            <translation>模糊 ID3（在类别层次的某一层上使用模糊熵；叶节点保存类别比例）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="259" />
            <source>Min-Ambiguity (Yuan &amp; Shaw: least classification ambiguity, min t-norm, max rules)</source>
            <translation>Min-Ambiguity（Yuan &amp; Shaw：最小分类模糊度，min t-范数，max 规则）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="168" />
            <source>growing the HFDT tree</source>
            <translation>正在生长 HFDT 决策树</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="252" />
            <source>growing the fuzzy ID3 tree</source>
            <translation>正在生长模糊 ID3 决策树</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="299" />
            <source>growing the Min-Ambiguity tree</source>
            <translation>正在生长 Min-Ambiguity 决策树</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="80" />
            <source>fuzzy terms per numeric attribute (Kohonen centres)</source>
            <translation>每个数值型属性的模糊语义值个数（Kohonen 中心）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="81" />
            <source>Kohonen learning rate η (falls linearly to 0)</source>
            <translation>Kohonen 学习率 η（线性降至 0）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="83" />
            <source>Kohonen passes over the values</source>
            <translation>Kohonen 对取值的遍历轮数</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="84" />
            <source>β0: a leaf when one class holds this share of the mass</source>
            <translation>β0：某一类别占隶属度总量的比例达到此值时成为叶节点</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="86" />
            <source>a leaf when the node's membership mass is below this</source>
            <translation>节点的隶属度总量低于此值时成为叶节点</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="88" />
            <source>a leaf when the node's membership mass is below this share of the root's, so that a large file still gives a readable tree quickly (HFDT's default chosen by cross-validation; 0: the minimum membership alone, HFDT's original stop)</source>
            <translation>节点的隶属度总量低于根节点隶属度总量的这一比例时成为叶节点，使大文件也能较快得到可读的树（HFDT 的默认值由交叉验证选定；0：只用最小隶属度，即 HFDT 原本的停止条件）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="92" />
            <source>how memberships combine along a path</source>
            <translation>沿路径合成隶属度的方式</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="94" />
            <source>seed of the Kohonen visiting order</source>
            <translation>Kohonen 访问顺序的随机种子</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="95" />
            <source>how the leaves a case reaches give its answer: firing_strength, the label with the largest summed firing strength (the published rule); class_share, the largest share of the class distributions weighted by the firing strengths (fuzzy ID3's rule); auto, class shares without a class hierarchy and the published rule with one (chosen by cross-validation)</source>
            <translation>个案所到达的叶节点如何给出答案：firing_strength，取激活强度之和最大的标签（原文的规则）；class_share，取按激活强度加权的类别分布中份额最大的类别（模糊 ID3 的规则）；auto，没有类别层次时用类别份额，有层次时用原文的规则（由交叉验证选定）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="111" />
            <source>hfdt parameter answer must be one of {choices}, not {value}</source>
            <translation>hfdt 参数 answer 必须是 {choices} 之一，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="177" />
            <location filename="engine/algorithms/hfdt.py" line="265" />
            <source>the hierarchy level it learns and answers at (empty: the classes)</source>
            <translation>学习和作答所在的层次（留空：类别本身）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="261" />
            <source>significance level α: memberships below it count as 0</source>
            <translation>显著性水平 α：低于此值的隶属度记为 0</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="263" />
            <source>truth level β: a leaf when a class's subsethood reaches it</source>
            <translation>真值水平 β：某类别的子集度达到此值时成为叶节点</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hfdt.py" line="209" />
            <source>{algorithm} parameter level: the class hierarchy has {levels} level(s), not {level}</source>
            <translation>{algorithm} 的参数 level：类别层次共有 {levels} 层，没有第 {level} 层</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hierarchy_labels.py" line="30" />
            <source>label every node by accuracy x precision over the class hierarchy: a leaf that cannot tell its classes apart answers their common parent (needs a class hierarchy)</source>
            <translation>按类别层次上的准确率 × 标签精度为每个节点标记：无法区分其类别的叶节点回答它们的共同父类（需要类别层次）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/hierarchy_labels.py" line="41" />
            <source>hierarchy_labels needs a class hierarchy of at least two levels (--hierarchy FILE, or hierarchy in the project)</source>
            <translation>hierarchy_labels 需要至少两层的类别层次（--hierarchy FILE，或项目中的 hierarchy）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/id3.py" line="58" />
            <source>ID3 (information gain, multiway, MDL discretisation)</source>
            <translation>ID3（信息增益，多路分裂，MDL 离散化）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/id3.py" line="82" />
            <source>growing the ID3 tree</source>
            <translation>正在生长 ID3 决策树</translation>
        </message>
        <message>
            <location filename="engine/algorithms/mincost.py" line="538" />
            <source>w1..w4 must not all be zero</source>
            <translation>w1..w4 不能全为零</translation>
        </message>
        <message>
            <location filename="engine/algorithms/mincost.py" line="524" />
            <source>weight of the misclassification cost MC' in F</source>
            <translation>F 中误分类代价 MC' 的权重</translation>
        </message>
        <message>
            <location filename="engine/algorithms/mincost.py" line="525" />
            <source>weight of the test cost TC' in F</source>
            <translation>F 中测试代价 TC' 的权重</translation>
        </message>
        <message>
            <location filename="engine/algorithms/mincost.py" line="526" />
            <source>weight of the waiting cost WC' in F</source>
            <translation>F 中等待时间代价 WC' 的权重</translation>
        </message>
        <message>
            <location filename="engine/algorithms/mincost.py" line="527" />
            <source>weight of the gain ratio GR' (subtracted) in F</source>
            <translation>F 中信息增益率 GR' 的权重（减去）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/mincost.py" line="534" />
            <source>w1..w4 are all zero; give at least one a weight</source>
            <translation>w1..w4 全为零；请至少给其中一个赋予权重</translation>
        </message>
        <message>
            <location filename="engine/algorithms/mincost.py" line="545" />
            <source>M3 minimum cost (MC, test, waiting costs and gain ratio, normalised and weighted)</source>
            <translation>M3 最小代价（误分类代价、测试代价、等待时间代价与信息增益率，归一化并加权）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/mincost.py" line="557" />
            <source>M2 minimum total cost (Ling et al. 2004: largest total-cost reduction)</source>
            <translation>M2 最小总代价（Ling 等 2004：总代价降低最大）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/mincost.py" line="563" />
            <source>M1 (C4.5 gain ratio and missing values, minimum-cost labels)</source>
            <translation>M1（C4.5 信息增益率与缺失值处理，最小代价标签）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/mincost.py" line="587" />
            <source>growing the minimum-cost tree (M3)</source>
            <translation>正在生长最小代价决策树（M3）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/mincost.py" line="594" />
            <source>growing the minimum total cost tree (M2)</source>
            <translation>正在生长最小总代价决策树（M2）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/mincost.py" line="547" />
            <source>ties in F and MC: the smaller test cost first, or the smaller waiting cost first</source>
            <translation>F 与 MC 相同时：测试代价较小者优先，或等待时间代价较小者优先</translation>
        </message>
        <message>
            <location filename="engine/algorithms/mincost.py" line="549" />
            <source>also make a leaf when the chosen split's total-cost reduction (as M2 computes it) is not positive</source>
            <translation>所选分裂的总代价降低（按 M2 的算法）不为正时也生成叶节点</translation>
        </message>
        <message>
            <location filename="engine/algorithms/optimal.py" line="511" />
            <source>optimal</source>
            <translation>最优</translation>
        </message>
        <message>
            <location filename="engine/algorithms/optimal.py" line="517" />
            <source>Optimal tree (the provably cheapest tree of bounded depth for your costs)</source>
            <translation>最优树（在给定代价下可证明代价最小的有限深度树）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/optimal.py" line="512" />
            <source>gap {gap} %</source>
            <translation>差距 {gap} %</translation>
        </message>
        <message>
            <location filename="engine/algorithms/optimal.py" line="502" />
            <source>optimal tree found</source>
            <translation>已找到最优树</translation>
        </message>
        <message>
            <location filename="engine/algorithms/optimal.py" line="502" />
            <source>time limit reached: best tree so far</source>
            <translation>已到时间限制：目前最好的树</translation>
        </message>
        <message>
            <location filename="engine/algorithms/optimal.py" line="519" />
            <source>deepest level of the tree</source>
            <translation>树的最大深度</translation>
        </message>
        <message>
            <location filename="engine/algorithms/optimal.py" line="520" />
            <source>fewest cases (weight) in a leaf</source>
            <translation>叶节点中的最少案例数（权重）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/optimal.py" line="521" />
            <source>cost added per leaf (lambda): larger gives smaller trees</source>
            <translation>每个叶节点附加的代价（lambda）：越大，树越小</translation>
        </message>
        <message>
            <location filename="engine/algorithms/optimal.py" line="522" />
            <source>seconds to search (empty: until optimal); then the best tree so far and its gap</source>
            <translation>搜索的秒数（留空：直到最优）；到时给出目前最好的树及其差距</translation>
        </message>
        <message>
            <location filename="engine/algorithms/optimal.py" line="524" />
            <source>numeric thresholds: auto (all midpoints up to max_cuts, else quantiles), all, or quantile</source>
            <translation>数值阈值：auto（不超过 max_cuts 时取全部中点，否则取分位数）、all 或 quantile</translation>
        </message>
        <message>
            <location filename="engine/algorithms/optimal.py" line="526" />
            <source>most thresholds per numeric attribute (auto, quantile)</source>
            <translation>每个数值属性的最多阈值数（auto、quantile）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/optimal.py" line="327" />
            <location filename="engine/algorithms/optimal.py" line="395" />
            <source>searching the optimal tree: split {done} of {total} at the root</source>
            <translation>正在搜索最优树：根节点的第 {done} 个划分，共 {total} 个</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="147" />
            <source>leaf label: majority class, or median class (least absolute error)</source>
            <translation>叶节点标签：多数类，或中位类（绝对误差最小）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="151" />
            <source>relabel the leaves so no non-monotone pair is left (the relabelling of least training error)</source>
            <translation>重新标记叶节点，使不再有非单调对（训练误差最小的重新标记）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="195" />
            <source>FACMI (ordinal tree: fuzzy dominance complementary mutual information)</source>
            <translation>FACMI（有序树：模糊优势互补互信息）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="274" />
            <source>IE: complementary mutual information of binarised attributes</source>
            <translation>IE：二值化属性的互补互信息</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="278" />
            <source>RT: ranking impurity tree (Xia et al. 2006)</source>
            <translation>RT：排序不纯度决策树（Xia 等 2006）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="280" />
            <source>REMT: rank entropy based monotonic tree (Hu et al. 2012)</source>
            <translation>REMT：基于排序熵的单调决策树（Hu 等 2012）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="276" />
            <source>stop when the best value is not above this</source>
            <translation>最佳值不高于此值时停止</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="282" />
            <source>stop when the best rank mutual information is below this</source>
            <translation>最佳排序互信息低于此值时停止</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="66" />
            <source>{algorithm} learns ordered classes: set the class order (the project's class_order, or --class-order lowest,...,highest)</source>
            <translation>{algorithm} 学习有序类别：请设置类别顺序（项目的 class_order，或 --class-order 最低,...,最高）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="78" />
            <source>decreasing must be one of {choices}, not {value}</source>
            <translation>decreasing 必须是 {choices} 之一，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="168" />
            <source>growing the {algorithm} tree</source>
            <translation>正在生长 {algorithm} 决策树</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="198" />
            <source>stop when the best FACMI is below this</source>
            <translation>最佳 FACMI 低于此值时停止</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="199" />
            <source>steepness of the fuzzy membership (large: nearly crisp)</source>
            <translation>模糊隶属函数的陡度（越大越接近清晰划分）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="200" />
            <source>exact (the exact logistic's cuts: each cut's value bounded, only those that could win evaluated), logistic (the same cuts, every one evaluated: slow), ramp (fast, prefix sums), or auto: the exact logistic's cuts up to ramp_above cases in a node, ramp above</source>
            <translation>exact（精确 logistic 的切分点：每个切分点的值有界，只计算可能胜出的切分点）、logistic（相同的切分点，全部计算：较慢）、ramp（快速，前缀和），或 auto：节点样本数不超过 ramp_above 时用精确 logistic 的切分点，超过时用 ramp</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="204" />
            <source>auto: nodes with more cases use the ramp</source>
            <translation>auto：样本数多于此值的节点使用 ramp</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="205" />
            <source>which case pairs score a cut: concordant (the cut orders the pair as the class does; reversed pairs cost nothing) or net (concordant minus discordant: a reversed pair counts against the cut)</source>
            <translation>用哪些样本对为切分点评分：concordant（切分点对样本对的排序与类别一致；反向对不计代价）或 net（一致对减不一致对：反向对对切分点不利）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/ordinal.py" line="208" />
            <source>how a decreasing attribute is turned increasing: negate (-a) or reciprocal (1/a, the original method's; ordinal ranks 1..m; negation where a value is not positive). Same order, different fuzzy memberships</source>
            <translation>如何把递减属性变为递增：negate（-a）或 reciprocal（1/a，原方法的做法；有序型取秩 1..m；有非正值时取负）。顺序相同，模糊隶属度不同</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="80" />
            <source>auto</source>
            <translation>自动</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="80" />
            <source>concordant</source>
            <translation>一致对</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="80" />
            <source>entropy</source>
            <translation>熵</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="80" />
            <source>exact</source>
            <translation>精确</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="80" />
            <source>gini</source>
            <translation>基尼</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="80" />
            <source>logistic</source>
            <translation>逻辑斯蒂</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="80" />
            <source>majority</source>
            <translation>多数类</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="81" />
            <source>median</source>
            <translation>中位数</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="81" />
            <source>minimum</source>
            <translation>最小值</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="81" />
            <source>negate</source>
            <translation>取负</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="81" />
            <source>net</source>
            <translation>净值</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="81" />
            <location filename="engine/algorithms/params.py" line="234" />
            <location filename="engine/pmml_import.py" line="453" />
            <location filename="engine/pmml_import.py" line="461" />
            <location filename="engine/settings_words.py" line="33" />
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="81" />
            <source>product</source>
            <translation>乘积</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="81" />
            <source>ramp</source>
            <translation>斜坡</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="82" />
            <source>reciprocal</source>
            <translation>取倒数</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="82" />
            <source>test_first</source>
            <translation>检查代价优先</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="82" />
            <source>waiting_first</source>
            <translation>等待代价优先</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="82" />
            <source>fractional</source>
            <translation>按比例</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="82" />
            <source>stop</source>
            <translation>停在节点</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="83" />
            <source>cost_complexity</source>
            <translation>代价复杂度</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="83" />
            <source>ccp</source>
            <translation>代价复杂度剪枝</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="83" />
            <source>sequential</source>
            <translation>序贯</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="83" />
            <source>batch</source>
            <translation>批量</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="83" />
            <source>hybrid</source>
            <translation>混合</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="83" />
            <location filename="engine/consult.py" line="197" />
            <location filename="engine/plan.py" line="708" />
            <source>planned</source>
            <translation>完整规划</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="84" />
            <location filename="engine/tree/describe.py" line="52" />
            <source>all</source>
            <translation>全部</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="84" />
            <source>quantile</source>
            <translation>分位数</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="84" />
            <source>firing_strength</source>
            <translation>激活强度</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="84" />
            <source>class_share</source>
            <translation>类别份额</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="84" />
            <source>stay</source>
            <translation>留在节点</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="84" />
            <location filename="engine/export.py" line="172" />
            <location filename="engine/xlsx_calculator.py" line="334" />
            <source>node</source>
            <translation>节点</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="85" />
            <source>known</source>
            <translation>已知</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="85" />
            <source>pessimistic</source>
            <translation>悲观</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="85" />
            <source>categories</source>
            <translation>类别</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="85" />
            <source>mdl</source>
            <translation>最小描述长度</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="85" />
            <source>sum</source>
            <translation>求和</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="85" />
            <source>weighted</source>
            <translation>加权</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="71" />
            <source>levels of the class hierarchy</source>
            <translation>类别层次的层</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="72" />
            <source>a whole number from 1</source>
            <translation>从 1 起的整数</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="249" />
            <source>{algorithm} parameter {name}</source>
            <translation>{algorithm} 的参数 {name}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="258" />
            <source>{where} needs a value</source>
            <translation>{where} 需要一个值</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="273" />
            <source>{where} must be true or false, not {value}</source>
            <translation>{where} 必须是 true 或 false，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="310" />
            <source>{where} needs the problem's {what} (setting {setting}), and none is set</source>
            <translation>{where} 需要问题的{what}（设置项 {setting}），但尚未设置</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="313" />
            <source>{where} must be one of {choices} ({what}), not {value}</source>
            <translation>{where} 必须是 {choices}（{what}）之一，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="235" />
            <source>{algorithm} has no parameter "{key}" (parameters: {known})</source>
            <translation>{algorithm} 没有参数“{key}”（参数：{known}）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="243" />
            <source>{algorithm} parameters: {message}</source>
            <translation>{algorithm} 的参数：{message}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="255" />
            <source>{where} is required: {help}</source>
            <translation>{where} 必须给出：{help}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="263" />
            <source>{where} must be one of {choices}, not {value}</source>
            <translation>{where} 必须是 {choices} 之一，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="282" />
            <source>{where} must be a finite number</source>
            <translation>{where} 必须是有限数</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="289" />
            <source>{where} must be at least {minimum}, not {value}</source>
            <translation>{where} 必须至少为 {minimum}，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="292" />
            <source>{where} must be at most {maximum}, not {value}</source>
            <translation>{where} 必须至多为 {maximum}，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="303" />
            <source>{where} must be {form}, not {value}</source>
            <translation>{where} 必须是{form}，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="279" />
            <source>{where} must be a number, not {value}</source>
            <translation>{where} 必须是数字，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/params.py" line="285" />
            <source>{where} must be a whole number, not {value}</source>
            <translation>{where} 必须是整数，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/algorithms/registry.py" line="37" />
            <source>Classic baselines</source>
            <translation>经典基线</translation>
        </message>
        <message>
            <location filename="engine/algorithms/registry.py" line="38" />
            <source>Ordinal (monotone)</source>
            <translation>有序分类（单调）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/registry.py" line="39" />
            <source>Rough set</source>
            <translation>粗糙集</translation>
        </message>
        <message>
            <location filename="engine/algorithms/registry.py" line="40" />
            <source>Hierarchical fuzzy</source>
            <translation>层次模糊</translation>
        </message>
        <message>
            <location filename="engine/algorithms/registry.py" line="41" />
            <source>Minimum cost</source>
            <translation>最小代价</translation>
        </message>
        <message>
            <location filename="engine/algorithms/registry.py" line="43" />
            <source>Optimal (provably cheapest)</source>
            <translation>最优（可证明代价最小）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/registry.py" line="45" />
            <source>Sequential discriminant</source>
            <translation>序贯判别</translation>
        </message>
        <message>
            <location filename="engine/algorithms/registry.py" line="48" />
            <source>The expert's own</source>
            <translation>专家自定</translation>
        </message>
        <message>
            <location filename="engine/algorithms/registry.py" line="88" />
            <source>none yet</source>
            <translation>暂无</translation>
        </message>
        <message>
            <location filename="engine/algorithms/registry.py" line="89" />
            <source>unknown algorithm "{name}" (available: {known})</source>
            <translation>未知算法“{name}”（可用：{known}）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/roughset.py" line="330" />
            <source>growing the DP tree</source>
            <translation>正在生长 DP 决策树</translation>
        </message>
        <message>
            <location filename="engine/algorithms/roughset.py" line="331" />
            <source>growing the RS tree</source>
            <translation>正在生长 RS 决策树</translation>
        </message>
        <message>
            <location filename="engine/algorithms/roughset.py" line="256" />
            <source>training cases with the attribute unknown: stay at the node, or go down every branch in shares (fractional)</source>
            <translation>训练样本中该属性未知时：留在该节点，或按比例进入每个分支（按比例）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/roughset.py" line="258" />
            <source>a dependency γ below this counts as 0 (0: every γ above 0 counts)</source>
            <translation>低于此值的依赖度 γ 记为 0（0：凡大于 0 的 γ 都计入）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/roughset.py" line="260" />
            <source>pruning after growing: none, or C4.5's pessimistic error estimate (CF 0.25)</source>
            <translation>生长后的剪枝：不剪枝，或 C4.5 的悲观误差估计（置信因子 0.25）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/roughset.py" line="262" />
            <source>a node whose weight (cases, counting shares of cases) is below this is a leaf</source>
            <translation>权重（按样本计，含样本的份额）低于此值的节点成为叶节点</translation>
        </message>
        <message>
            <location filename="engine/algorithms/roughset.py" line="264" />
            <source>a split needs two or more branches holding at least this weight (0: any two branches with cases)</source>
            <translation>一次分裂需要至少两个分支各自的权重不低于此值（0：任意两个有样本的分支即可）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/roughset.py" line="266" />
            <source>whole-number columns of at most 10 values that MDL leaves uncut: split on their values (categories), or left uncut (mdl)</source>
            <translation>取值不超过 10 个且最小描述长度准则未切分的整数列：按其取值分裂（类别），或保持不切分（最小描述长度）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/roughset.py" line="286" />
            <source>DP (rough-set dependency, then purity; multiway, MDL discretisation)</source>
            <translation>DP（粗糙集属性依赖度，其次属性纯度；多路分裂，MDL 离散化）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/roughset.py" line="291" />
            <source>RS (rough-set dependency, then gain ratio; multiway, MDL discretisation)</source>
            <translation>RS（粗糙集属性依赖度，其次信息增益率；多路分裂，MDL 离散化）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/roughset.py" line="274" />
            <source>dependency γ over the node's cases, or over those with the attribute known</source>
            <translation>依赖度 γ 按节点的全部样本计算，或只按该属性已知的样本计算</translation>
        </message>
        <message>
            <location filename="engine/algorithms/roughset.py" line="276" />
            <source>attribute purity: the sum of the granules' purities (sum), or their average weighted by granule size (weighted)</source>
            <translation>属性纯度：各粒的纯度之和（求和），或按粒大小加权的平均（加权）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/trichotomy.py" line="148" />
            <source>Sequential discriminant tree by trichotomy (may answer “pending”)</source>
            <translation>基于三分法的序贯判别树（可回答“待定”）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/trichotomy.py" line="366" />
            <source>Fisher LDA with forward stepwise selection (a linear baseline)</source>
            <translation>带前向逐步选择的 Fisher LDA（线性基线）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/trichotomy.py" line="150" />
            <source>widening of the overlap region, as a share of its width (5 %; 1 % keeps it tighter)</source>
            <translation>重叠区域的扩展量，占其宽度的比例（5 %；1 % 更紧）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/trichotomy.py" line="152" />
            <source>stop when the best B/W is below this</source>
            <translation>最佳 B/W 低于此值时停止</translation>
        </message>
        <message>
            <location filename="engine/algorithms/trichotomy.py" line="153" />
            <source>stop when fewer cases are pending</source>
            <translation>待定样本少于此数时停止</translation>
        </message>
        <message>
            <location filename="engine/algorithms/trichotomy.py" line="154" />
            <source>α: overlap between trimmed quantiles (0: the extremes, no training error)</source>
            <translation>α：截尾分位数之间的重叠（0：取极值，无训练误差）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/trichotomy.py" line="367" />
            <source>F-to-enter: add an attribute while its p-value is below this</source>
            <translation>F 进入检验：属性的 p 值低于此值时加入该属性</translation>
        </message>
        <message>
            <location filename="engine/algorithms/trichotomy.py" line="115" />
            <source>{algorithm} separates one class from the rest; with {n} classes, choose which: the positive class (in the window: the Problem tab's "Positive class"; on the command line: --positive-class)</source>
            <translation>{algorithm} 将一个类别与其余类别分开；共有 {n} 个类别，请选择哪一个：即正类（窗口中：“问题”选项卡的“正类”；命令行：--positive-class）</translation>
        </message>
        <message>
            <location filename="engine/algorithms/trichotomy.py" line="120" />
            <source>"{positive}" is not a class</source>
            <translation>“{positive}”不是一个类别</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="53" />
            <source>Gini decrease</source>
            <translation>基尼指数下降量</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="53" />
            <source>entropy decrease</source>
            <translation>熵下降量</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="54" />
            <location filename="engine/cli/candidates.py" line="22" />
            <location filename="engine/cli/candidates.py" line="22" />
            <source>gain ratio</source>
            <translation>信息增益率</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="54" />
            <source>information gain</source>
            <translation>信息增益</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="54" />
            <source>dependency γ</source>
            <translation>属性依赖度 γ</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="55" />
            <source>FACMI</source>
            <translation>FACMI</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="55" />
            <source>complementary mutual information</source>
            <translation>互补互信息</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="56" />
            <source>ranking impurity decrease</source>
            <translation>排序不纯度下降量</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="57" />
            <source>rank mutual information</source>
            <translation>排序互信息</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="57" />
            <source>F (smaller is better)</source>
            <translation>F（越小越好）</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="58" />
            <location filename="engine/cli/candidates.py" line="24" />
            <source>total-cost reduction</source>
            <translation>总代价降低</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="63" />
            <source>the learner splits this node by {attribute}</source>
            <translation>学习器在此节点按 {attribute} 划分</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="64" />
            <source>the learner leaves this node a leaf: a stopping rule holds (pure, too few cases, or the deepest level); the first candidate is the one it would choose</source>
            <translation>学习器把此节点留作叶节点：满足停止规则（纯净、样本太少或已达最大深度）；排名第一的候选划分就是它本会选择的</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="66" />
            <source>the learner leaves this node a leaf: its best split is below the learner's minimum; the first candidate is that split</source>
            <translation>学习器把此节点留作叶节点：最佳划分低于学习器的下限；排名第一的候选划分就是该划分</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="68" />
            <source>the learner leaves this node a leaf: its choice takes none of the candidates</source>
            <translation>学习器把此节点留作叶节点：其选择规则不取任何候选划分</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="69" />
            <source>no attribute separates this node's cases</source>
            <translation>没有属性能划分此节点的样本</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="196" />
            <source>{algorithm} grows fuzzy splits (a case goes down several branches at once); candidates are ranked for crisp trees that test one attribute at a split ({crisp})</source>
            <translation>{algorithm} 生成模糊划分（一个样本同时进入多个分支）；候选划分排名只适用于每次划分只检验一个属性的清晰决策树（{crisp}）</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="199" />
            <source>{algorithm} grows splits that test several attributes at once (a discriminant score); candidates are ranked for crisp trees that test one attribute at a split ({crisp})</source>
            <translation>{algorithm} 的划分同时检验多个属性（判别得分）；候选划分排名只适用于每次划分只检验一个属性的清晰决策树（{crisp}）</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="202" />
            <source>{algorithm} has no splitter of its own to rank a node's candidates with; candidates are ranked by the learners that grow a tree split by split ({crisp})</source>
            <translation>{algorithm} 没有自己的划分器来为节点的候选划分排名；候选划分排名由逐次划分生长决策树的学习器给出（{crisp}）</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="189" />
            <source>the model was trained by "{algorithm}", which this version does not have</source>
            <translation>该模型由“{algorithm}”训练，而本版本没有此算法</translation>
        </message>
        <message>
            <location filename="engine/candidates.py" line="123" />
            <source>a split of "{attribute}" into its intervals is not an edit: split it at one of its cuts ({cuts})</source>
            <translation>把“{attribute}”按其区间划分不是一种编辑：请在它的某个切分点处划分（{cuts}）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="49" />
            <source>ruletree: no display found (DISPLAY is not set), so the window cannot open; use a subcommand such as 'ruletree info DATA' (see 'ruletree --help')</source>
            <translation>ruletree：找不到显示器（未设置 DISPLAY），无法打开窗口；请使用子命令，例如“ruletree info DATA”（参见“ruletree --help”）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="57" />
            <source>usage: </source>
            <translation>用法：</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="57" />
            <source>positional arguments</source>
            <translation>位置参数</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="57" />
            <source>options</source>
            <translation>选项</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="57" />
            <source>show this help message and exit</source>
            <translation>显示此帮助信息并退出</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="58" />
            <source>the following arguments are required: %s</source>
            <translation>缺少必需的参数：%s</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="58" />
            <source>unrecognized arguments: %s</source>
            <translation>无法识别的参数：%s</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="59" />
            <source>invalid choice: %(value)r (choose from %(choices)s)</source>
            <translation>无效的选择：%(value)r（可选：%(choices)s）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="59" />
            <source>expected one argument</source>
            <translation>需要一个参数值</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="60" />
            <source>expected at least one argument</source>
            <translation>至少需要一个参数值</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="60" />
            <source>expected at most one argument</source>
            <translation>至多接受一个参数值</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="60" />
            <source>expected %s argument</source>
            <translation>需要 %s 个参数值</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="61" />
            <source>expected %s arguments</source>
            <translation>需要 %s 个参数值</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="61" />
            <source>argument %(argument_name)s: %(message)s</source>
            <translation>参数 %(argument_name)s：%(message)s</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="62" />
            <source>invalid %(type)s value: %(value)r</source>
            <translation>无效的 %(type)s 值：%(value)r</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="62" />
            <source>ambiguous option: %(option)s could match %(matches)s</source>
            <translation>有歧义的选项：%(option)s 可匹配 %(matches)s</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="63" />
            <source>not allowed with argument %s</source>
            <translation>不能与参数 %s 同时使用</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="63" />
            <source>ignored explicit argument %r</source>
            <translation>忽略了显式参数 %r</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="64" />
            <source>one of the arguments %s is required</source>
            <translation>需要参数 %s 之一</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="90" />
            <source>RuleTree Studio: decision trees and IF-THEN rules from spreadsheets. With no subcommand, starts the window.</source>
            <translation>RuleTree Studio：从电子表格生成决策树和“如果-则”规则。不带子命令时打开窗口。</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="94" />
            <source>language of the messages and exports: en or zh_CN (default: RULETREE_LANG, then the system locale); JSON output and files never change with it</source>
            <translation>消息和导出文件的语言：en 或 zh_CN（默认：RULETREE_LANG，其次为系统区域设置）；JSON 输出和文件内容不随之改变</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="97" />
            <source>columns, types, missing values, classes; validate a project</source>
            <translation>列、类型、缺失值、类别；检查项目</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="99" />
            <location filename="engine/cli/__init__.py" line="102" />
            <location filename="engine/cli/candidates.py" line="40" />
            <location filename="engine/cli/guideline.py" line="35" />
            <source>print JSON</source>
            <translation>输出 JSON</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="101" />
            <source>the available algorithms, by family, and their parameters</source>
            <translation>可用的算法（按类别分组）及其参数</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="105" />
            <source>fit a model on all rows and write it</source>
            <translation>用全部行训练模型并保存</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="108" />
            <source>an algorithm parameter (repeatable)</source>
            <translation>一个算法参数（可重复）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="112" />
            <source>predict every row of a data file</source>
            <translation>预测数据文件的每一行</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="119" />
            <source>what an unknown value does (default: the algorithm's own policy)</source>
            <translation>遇到未知值时的处理方式（默认：算法自身的策略）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="123" />
            <source>IF-THEN rules of a model</source>
            <translation>模型的“如果-则”规则</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="125" />
            <source>also write an Excel workbook</source>
            <translation>同时写出 Excel 工作簿</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="129" />
            <source>cross-validated metrics of an algorithm on a file</source>
            <translation>算法在一个文件上的交叉验证指标</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="137" />
            <location filename="engine/cli/compare.py" line="64" />
            <source>how a test case's values are obtained, for the cost metrics (default: sequential when the problem has test or waiting costs)</source>
            <translation>代价指标中测试样本取值的获取方式（默认：问题有测试代价或等待时间代价时为 sequential）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="140" />
            <source>for experiments: blank each attribute value (never the class) independently with probability R, 0 &lt;= R &lt; 1 (missing completely at random, seeded by --seed), in the training and the test rows of every fold</source>
            <translation>用于实验：在每一折的训练行和测试行中，以概率 R（0 &lt;= R &lt; 1）独立地清空每个属性值（从不清空类别）（完全随机缺失，随机种子由 --seed 给出）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="145" />
            <source>also fit the model on all rows and count how often each of its splits (the same attribute, a cut within the problem's stability tolerance) comes back at the same place in B bootstrap models drawn with --seed and in the fold models (0: the fold models only)</source>
            <translation>另在全部行上拟合模型，并统计其每个划分（相同属性、切分点在问题的稳定性容差之内）在用 --seed 抽取的 B 个自助模型及各折模型中于同一位置重现的频率（0：仅用各折模型）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="158" />
            <source>one case, the most useful question next</source>
            <translation>一个案例，下一步问最有用的问题</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="160" />
            <source>costs, batch groups and budget from a project</source>
            <translation>从项目读取代价、批量属性组和预算</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="162" />
            <source>scripted answers: attribute -&gt; value (null or ? unknown)</source>
            <translation>预设的回答：属性 -&gt; 值（null 或 ? 表示未知）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="163" />
            <source>write the session (questions, answers, outcome)</source>
            <translation>写出咨询会话（问题、回答、结果）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="164" />
            <source>continue a saved session</source>
            <translation>继续一个已保存的咨询会话</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="165" />
            <source>a name for the case (patient, applicant) in the history</source>
            <translation>该案例（病人、申请人）在历史记录中的名称</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="167" />
            <source>also stop when no remaining test costs less than it could still save (E_now - E*; meaningful when test and misclassification costs share a unit)</source>
            <translation>当剩余的测试都不比它还能节省的代价（E_now - E*）便宜时也停止（测试代价与误分类代价单位相同时才有意义）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="170" />
            <source>planned (default): ask any attribute a still-possible rule tests, in the order of least expected total cost (a trichotomy's stages too; a fuzzy tree by utility); utility: the tree's next tests by expected cost removed per unit of test cost; frontier: as planned, and a fuzzy tree planned through its memberships (measured dearer than utility on the glass HFDT)</source>
            <translation>planned（默认）：按期望总代价从小到大，询问仍可能成立的规则所检验的任一属性（三分决策的各阶段也如此；模糊树按效用）；utility：按每单位测试代价所减少的期望代价询问树的下一个测试；frontier：同 planned，并通过隶属度为模糊树规划（在玻璃 HFDT 上测得比 utility 代价更高）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="177" />
            <source>saved consultations: list them, export them to Excel</source>
            <translation>已保存的咨询：列出，或导出到 Excel</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="178" />
            <source>only these sessions</source>
            <translation>只显示这些咨询会话</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="179" />
            <source>only this project's sessions</source>
            <translation>只显示该项目的咨询会话</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="180" />
            <source>only sessions with this model</source>
            <translation>只显示使用该模型的咨询会话</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="181" />
            <source>write them to a workbook (Sessions, Answers)</source>
            <translation>写入工作簿（咨询会话、回答）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="185" />
            <source>rerun a paper's experiment; write its tables and plots</source>
            <translation>重新运行一篇论文的实验；写出其表格和图</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="188" />
            <source>output folder (default: reproduce_PAPER)</source>
            <translation>输出文件夹（默认：reproduce_PAPER）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="189" />
            <source>few repeats: about a minute</source>
            <translation>少量重复：约一分钟</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="190" />
            <source>repeats of every part (facmi; the paper: 100)</source>
            <translation>每一部分的重复次数（facmi；论文中为 100）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="191" />
            <source>also draw the plots as PNG (with the app's plotter; the SVG plots need nothing more)</source>
            <translation>同时将图绘制为 PNG（使用应用程序的绘图器；SVG 图无需额外组件）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="227" />
            <source>Start the RuleTree Studio window.</source>
            <translation>打开 RuleTree Studio 窗口。</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="228" />
            <source>a data file or project (.rtproj) to open</source>
            <translation>要打开的数据文件或项目（.rtproj）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="229" />
            <source>en or zh_CN</source>
            <translation>en 或 zh_CN</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="186" />
            <source>{papers} (dp, hfdt, mincost: with their issues)</source>
            <translation>{papers}（dp、hfdt、mincost：附带其问题说明）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="232" />
            <source>"{file}" is neither a file nor a command (commands: {commands})</source>
            <translation>“{file}”既不是文件，也不是命令（命令：{commands}）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="281" />
            <location filename="engine/cli/commands.py" line="73" />
            <source>{prog}: error: {message}</source>
            <translation>{prog}：错误：{message}</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="284" />
            <source>{prog}: interrupted</source>
            <translation>{prog}：已中断</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="290" />
            <source>{prog}: internal error ({kind}: {error}); this is a bug, please report it with the log file {log}</source>
            <translation>{prog}：内部错误（{kind}：{error}）；这是程序缺陷，请连同日志文件 {log} 一起报告</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="306" />
            <source>give a command ({commands}); the window starts with '{prog}' (python -m app.launch); see '{prog} --help'</source>
            <translation>请给出一个命令（{commands}）；窗口用“{prog}”（python -m app.launch）启动；参见“{prog} --help”</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="311" />
            <source>give a command ({commands}); see '{prog} --help'</source>
            <translation>请给出一个命令（{commands}）；参见“{prog} --help”</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="22" />
            <location filename="engine/sessions.py" line="441" />
            <source>gain</source>
            <translation>增益</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="23" />
            <source>purity</source>
            <translation>纯度</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="23" />
            <source>average gain</source>
            <translation>平均增益</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="26" />
            <source>gain below the average</source>
            <translation>增益低于平均值</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="27" />
            <source>every γ is 0: ranked by gain ratio</source>
            <translation>所有 γ 均为 0：按信息增益率排序</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="28" />
            <source>total-cost reduction not positive</source>
            <translation>总代价降低不为正</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="105" />
            <location filename="engine/sessions.py" line="441" />
            <source>attribute</source>
            <translation>属性</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="109" />
            <source>also</source>
            <translation>其他</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="32" />
            <source>the attributes a node could be split by, ranked by the learner's own criterion</source>
            <translation>节点可用于划分的属性，按学习器自己的准则排序</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="37" />
            <source>the node: root, root/1/0 (the child taken at each step from the root), or its number in the model file such as #7</source>
            <translation>节点：root、root/1/0（从根节点起每一步所走的子节点），或其在模型文件中的编号，如 #7</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="39" />
            <source>only the first K candidates (default: all)</source>
            <translation>只列出排名前 K 的候选划分（默认：全部）</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="46" />
            <source>--top must be at least 1</source>
            <translation>--top 必须至少为 1</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="108" />
            <location filename="engine/cli/printing.py" line="27" />
            <location filename="engine/data/spec/settings.py" line="38" />
            <location filename="engine/sessions.py" line="439" />
            <source>test cost</source>
            <translation>测试代价</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="108" />
            <location filename="engine/data/spec/settings.py" line="38" />
            <location filename="engine/sessions.py" line="440" />
            <source>waiting cost</source>
            <translation>等待时间代价</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="92" />
            <source>{algorithm}, node {path} (#{id}): weight {weight} ({counts})</source>
            <translation>{algorithm}，节点 {path}（#{id}）：权重 {weight}（{counts}）</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="105" />
            <source>split: cases per branch [{classes}]</source>
            <translation>划分：各分支的样本 [{classes}]</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="130" />
            <source>* the learner's choice</source>
            <translation>* 学习器的选择</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="96" />
            <source>the tree tests {attribute} here</source>
            <translation>决策树在此检验 {attribute}</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="117" />
            <source>stays: {weight}</source>
            <translation>留在节点：{weight}</translation>
        </message>
        <message>
            <location filename="engine/cli/candidates.py" line="128" />
            <source>({n} more; --top to see them)</source>
            <translation>（还有 {n} 个；用 --top 查看）</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="48" />
            <source>give a data file, or --project P</source>
            <translation>请给出数据文件，或 --project P</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="88" />
            <source>no algorithms are available yet</source>
            <translation>尚无可用的算法</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="176" />
            <source>--holdout must be a share between 0 and 1 (e.g. 0.3)</source>
            <translation>--holdout 必须是 0 与 1 之间的比例（例如 0.3）</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="178" />
            <location filename="engine/cli/edit.py" line="59" />
            <location filename="engine/cli/report.py" line="33" />
            <source>--cv must be at least 2</source>
            <translation>--cv 至少为 2</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="182" />
            <source>--repeats must be at least 1</source>
            <translation>--repeats 至少为 1</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="191" />
            <source>--missing-rate must be a share from 0 up to (not including) 1 (e.g. 0.2)</source>
            <translation>--missing-rate 必须是从 0 到 1（不含 1）的比例（例如 0.2）</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="269" />
            <source>stability of the splits of the model fitted on all rows ({B} bootstrap models, seed {seed}; {folds} fold models; a cut within {tolerance} % of its attribute's range is the same cut):</source>
            <translation>在全部行上拟合的模型各划分的稳定性（{B} 个自助模型，种子 {seed}；{folds} 个折模型；与属性取值范围相差不超过 {tolerance} % 的切分点视为同一切分点）：</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="142" />
            <source>{algorithm}: {leaves} leaf, depth {depth}, trained on {rows} rows -&gt; {path}</source>
            <translation>{algorithm}：{leaves} 个叶节点，深度 {depth}，在 {rows} 行上训练 -&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="143" />
            <source>{algorithm}: {leaves} leaves, depth {depth}, trained on {rows} rows -&gt; {path}</source>
            <translation>{algorithm}：{leaves} 个叶节点，树深度 {depth}，在 {rows} 行上训练 -&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="162" />
            <source>{n} rows lie outside what the model has seen (the warning column says why)</source>
            <translation>{n} 行超出模型见过的范围（warning 列说明原因）</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="180" />
            <source>--cv must be at most {n}</source>
            <translation>--cv 至多为 {n}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="184" />
            <source>--repeats must be at most {n}</source>
            <translation>--repeats 至多为 {n}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="186" />
            <source>--cv {cv} x --repeats {repeats} is {fits} fits; at most {most}</source>
            <translation>--cv {cv} × --repeats {repeats} 共 {fits} 次训练；至多 {most} 次</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="103" />
            <source>--param "{item}" is not K=V</source>
            <translation>--param “{item}”不是 K=V 的形式</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="166" />
            <source>{n} predictions -&gt; {path}</source>
            <translation>{n} 个预测 -&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="217" />
            <source>, confidence {confidence}</source>
            <translation>，置信度 {confidence}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="227" />
            <source>{n} rules -&gt; {path}</source>
            <translation>{n} 条规则 -&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="278" />
            <source>bootstrap {share}</source>
            <translation>自助 {share}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="281" />
            <source>folds {share}</source>
            <translation>各折 {share}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="167" />
            <source> ({n} PENDING)</source>
            <translation>（{n} 个待定）</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="219" />
            <source>[support {support}{confidence}, coverage {coverage}]</source>
            <translation>[支持度 {support}{confidence}，覆盖度 {coverage}]</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="222" />
            <source>{level} % interval {interval}</source>
            <translation>{level} % 区间 {interval}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="225" />
            <source>few cases: {why}</source>
            <translation>案例过少：{why}</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="321" />
            <source>significance on {metric} (higher is better), against {reference}; alpha {alpha}:</source>
            <translation>显著性检验（{metric}，越高越好），与 {reference} 比较；alpha {alpha}：</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="323" />
            <source>significance on {metric} (lower is better), against {reference}; alpha {alpha}:</source>
            <translation>显著性检验（{metric}，越低越好），与 {reference} 比较；alpha {alpha}：</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="328" />
            <location filename="engine/export.py" line="188" />
            <source>mean</source>
            <translation>均值</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="328" />
            <location filename="engine/compare/workbook.py" line="112" />
            <source>corrected t p</source>
            <translation>校正 t 检验 p</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="328" />
            <location filename="engine/compare/workbook.py" line="112" />
            <source>Wilcoxon p</source>
            <translation>Wilcoxon p</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="328" />
            <location filename="engine/compare/workbook.py" line="112" />
            <source>Nemenyi p</source>
            <translation>Nemenyi p</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="328" />
            <source>avg rank</source>
            <translation>平均秩</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="33" />
            <source>many algorithms on the same folds, beside a baseline</source>
            <translation>多个算法在相同的折上比较，并与基线对照</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="36" />
            <source>algorithms to compare ('all': every one that applies to the problem); NAME=ALGO adds ALGO under another name, e.g. c45,small=c45 --param small.min_cases=20</source>
            <translation>要比较的算法（'all'：适用于该问题的全部算法）；NAME=ALGO 以另一个名称加入 ALGO，例如 c45,small=c45 --param small.min_cases=20</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="39" />
            <source>also compare an edited model (ruletree edit): its learner with its parameters, the edits replayed on each fold's training rows (repeatable)</source>
            <translation>同时比较一个编辑过的模型（ruletree edit）：用其学习器与参数，编辑在每折的训练样本上重放（可重复）</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="42" />
            <source>parameter K of algorithm (or name) A; K=V sets it for every algorithm that has K (repeatable)</source>
            <translation>算法（或名称）A 的参数 K；K=V 为所有具有参数 K 的算法设置它（可重复）</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="48" />
            <source>a learning curve: each fold also trained on these shares of its training rows (0.1,0.25,0.5,1) or numbers of rows (100,200,400), nested and stratified, and scored on the same test rows; the tables and tests are on the largest size</source>
            <translation>学习曲线：每一折另外在其训练行的这些比例（0.1,0.25,0.5,1）或行数（100,200,400）上训练（嵌套、分层），并在相同的测试行上评分；表格和检验使用最大的规模</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="52" />
            <source>replace algorithm (or name) A by one entry per value of its parameter K, e.g. trichotomy.trim=0,0.02,0.05,0.1 for the error / pending curve over the trim alpha (repeatable)</source>
            <translation>将算法（或名称）A 替换为其参数 K 的每个取值各一个条目，例如 trichotomy.trim=0,0.02,0.05,0.1 得到随 trim alpha 变化的错误 / 待定曲线（可重复）</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="55" />
            <source>units run at once (default: all cores)</source>
            <translation>同时运行的单元数（默认：全部核心）</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="57" />
            <source>run the folds on worker processes, each handed the data once (the default), or on threads of this process (the learners' Python parts share one lock: little gain)</source>
            <translation>在工作进程上运行各折，每个进程只接收一次数据（默认），或在本进程的线程上运行（学习器的 Python 部分共用一把锁：收益很小）</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="60" />
            <source>run the folds on a Dask distributed cluster: the scheduler's address (tcp://host:8786), or local:N to start N local workers; each worker needs RuleTree Studio and dask[distributed] installed</source>
            <translation>在 Dask 分布式集群上运行各折：调度器地址（tcp://host:8786），或 local:N 启动 N 个本地工作进程；每个工作进程都需要安装 RuleTree Studio 和 dask[distributed]</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="67" />
            <source>for experiments: blank each attribute value independently with probability R, 0 &lt;= R &lt; 1 (seeded by --seed), in the training and test rows of every fold</source>
            <translation>用于实验：在每一折的训练行和测试行中，以概率 R（0 &lt;= R &lt; 1）独立地清空每个属性值（随机种子由 --seed 给出）</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="71" />
            <source>also fit each algorithm on all rows and count how often its splits come back in B bootstrap models drawn with --seed: the stability column (the mean over the top three levels)</source>
            <translation>另在全部行上拟合每个算法，并统计其划分在用 --seed 抽取的 B 个自助模型中重现的频率：稳定性一列（前三层的平均值）</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="76" />
            <source>keep the results in FILE after every fold; run again to continue where it stopped</source>
            <translation>每完成一折就把结果保存到 FILE；再次运行可从中断处继续</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="78" />
            <source>the metric the significance tests are on (default: the total cost per case with priced tests, else the misclassification cost with a cost matrix, else accuracy)</source>
            <translation>显著性检验所用的指标（默认：测试有代价时为每个样本的总代价，否则有代价矩阵时为误分类代价，否则为准确率）</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="81" />
            <source>the entry the others are tested against (default: the first one given)</source>
            <translation>其他条目与之比较的参照条目（默认：第一个给出的）</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="83" />
            <source>also write the tables, the fold scores, the tests and Excel charts to a workbook</source>
            <translation>同时将表格、各折得分、检验和 Excel 图表写入工作簿</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="96" />
            <source>--algorithms: give at least one algorithm name</source>
            <translation>--algorithms：请至少给出一个算法名称</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="180" />
            <source>--stability must be at least 1 (bootstrap models)</source>
            <translation>--stability 至少为 1（自助模型数）</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="182" />
            <source>--jobs must be at least 1</source>
            <translation>--jobs 至少为 1</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="254" />
            <source>{n} algorithm and {baseline} on {file} ({rows} rows), {scheme}</source>
            <translation>{n} 个算法和 {baseline} 于 {file}（{rows} 行），{scheme}</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="255" />
            <source>{n} algorithms and {baseline} on {file} ({rows} rows), {scheme}</source>
            <translation>{n} 个算法和 {baseline} 于 {file}（{rows} 行），{scheme}</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="257" />
            <source>{n} algorithm and no baseline on {file} ({rows} rows), {scheme}</source>
            <translation>{n} 个算法（无基线）于 {file}（{rows} 行），{scheme}</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="258" />
            <source>{n} algorithms and no baseline on {file} ({rows} rows), {scheme}</source>
            <translation>{n} 个算法（无基线）于 {file}（{rows} 行），{scheme}</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="264" />
            <location filename="engine/cli/compare.py" line="291" />
            <location filename="engine/cli/compare.py" line="327" />
            <location filename="engine/cli/compare.py" line="279" />
            <location filename="engine/cli/compare.py" line="329" />
            <location filename="engine/cli/compare.py" line="298" />
            <location filename="engine/compare/workbook.py" line="47" />
            <location filename="engine/compare/workbook.py" line="111" />
            <location filename="engine/compare/workbook.py" line="79" />
            <location filename="engine/compare/workbook.py" line="191" />
            <location filename="engine/sessions.py" line="439" />
            <source>algorithm</source>
            <translation>算法</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="249" />
            <source> x {repeats}, seed {seed}</source>
            <translation> × {repeats}，随机种子 {seed}</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="251" />
            <source>, missing rate {rate}</source>
            <translation>，缺失率 {rate}</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="334" />
            <location filename="engine/compare/workbook.py" line="107" />
            <source>better</source>
            <translation>更好</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="334" />
            <location filename="engine/compare/workbook.py" line="107" />
            <source>worse</source>
            <translation>更差</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="335" />
            <source>(reference)</source>
            <translation>（参照）</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="349" />
            <source>note: {caveat}</source>
            <translation>注意：{caveat}</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="101" />
            <source>--algorithms all cannot be combined with other names here</source>
            <translation>--algorithms all 在此不能与其他名称同时使用</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="222" />
            <source>--metric: "{metric}" is not a metric of this comparison ({metrics})</source>
            <translation>--metric：“{metric}”不是本次比较的指标（{metrics}）</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="247" />
            <location filename="engine/cli/printing.py" line="218" />
            <source>hold-out {share}</source>
            <translation>留出法 {share}</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="248" />
            <location filename="engine/cli/printing.py" line="219" />
            <source>{k}-fold cross-validation</source>
            <translation>{k} 折交叉验证</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="297" />
            <source>learning curve: {metric} (mean over the folds) by training rows</source>
            <translation>学习曲线：{metric}（各折均值）随训练行数的变化</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="307" />
            <source>error / pending (mean over the folds): {error}, {pending}, {used}</source>
            <translation>错误 / 待定（各折均值）：{error}、{pending}、{used}</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="342" />
            <source>Friedman over {n} folds: chi2 = {chi2} ({p_chi2}), Iman-Davenport F = {f} ({p_f}); Nemenyi critical difference of average ranks {cd}</source>
            <translation>Friedman 检验（{n} 折）：chi2 = {chi2}（{p_chi2}），Iman-Davenport F = {f}（{p_f}）；Nemenyi 平均秩临界差 {cd}</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="347" />
            <source>not tested (no {metric} on every fold): {names}</source>
            <translation>未检验（并非每一折都有{metric}）：{names}</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="110" />
            <source>--param "{item}" is not A.K=V</source>
            <translation>--param “{item}”不是 A.K=V 的形式</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="139" />
            <source>--edited {path}: the model has no edits (compare its learner by name)</source>
            <translation>--edited {path}：该模型没有编辑（请按名称比较其学习器）</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="168" />
            <source>--sweep "{item}" is not A.K=V,V,...</source>
            <translation>--sweep “{item}”不是 A.K=V,V,... 的形式</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="200" />
            <source>note: {name} left out: it {reason}</source>
            <translation>注意：未包含 {name}：它{reason}</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="115" />
            <source>--param "{item}": "{name}" is not one of the algorithms compared</source>
            <translation>--param “{item}”：“{name}”不是参与比较的算法</translation>
        </message>
        <message>
            <location filename="engine/cli/compare.py" line="121" />
            <source>--param "{item}": no algorithm compared has a parameter "{key}"</source>
            <translation>--param “{item}”：参与比较的算法都没有参数“{key}”</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="38" />
            <source>--answers must hold one JSON object: attribute -&gt; value</source>
            <translation>--answers 必须包含一个 JSON 对象：属性 -&gt; 值</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="53" />
            <source>session {id} (resume with: {command})</source>
            <translation>咨询会话 {id}（继续：{command}）</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="116" />
            <source>answer: {label}</source>
            <translation>答案：{label}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="116" />
            <location filename="engine/export.py" line="261" />
            <location filename="engine/report.py" line="207" />
            <location filename="engine/tree/describe.py" line="189" />
            <source>PENDING</source>
            <translation>待定</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="125" />
            <source>costs: tests {test}, waiting {waiting}, common costs saved {saved}</source>
            <translation>代价：测试 {test}，等待 {waiting}，节省的公共代价 {saved}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="153" />
            <source>warning: skipped {message}</source>
            <translation>警告：已跳过 {message}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="156" />
            <source>{n} session(s) written to {path}</source>
            <translation>已将 {n} 个咨询会话写入 {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="46" />
            <source>not attributes of the model: {names} (the model's attributes: {attributes})</source>
            <translation>不是模型的属性：{names}（模型的属性：{attributes}）</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="64" />
            <source>Q{step}: {name}  ({reason}; it costs {cost})</source>
            <translation>问题 {step}：{name}  （{reason}；代价 {cost}）</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="68" />
            <source>Q{step}: {name}  (removes {gain} of expected cost for {cost}: utility {utility}{next})</source>
            <translation>问题 {step}：{name}  （以代价 {cost} 减少期望代价 {gain}：效用 {utility}{next}）</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="80" />
            <source>(not in the answers file)</source>
            <translation>（回答文件中没有）</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="118" />
            <source>because {rule}</source>
            <translation>因为 {rule}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="120" />
            <source>not known: {names}</source>
            <translation>未知：{names}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="122" />
            <source>could not settle it: {names}</source>
            <translation>无法确定：{names}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="124" />
            <source>few cases at node {node}: {why}</source>
            <translation>节点 {node} 案例过少：{why}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="151" />
            <source>no saved session {ids}</source>
            <translation>没有已保存的咨询会话 {ids}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="162" />
            <source>no saved sessions for this project</source>
            <translation>该项目没有已保存的咨询会话</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="162" />
            <source>no saved sessions</source>
            <translation>没有已保存的咨询会话</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="42" />
            <source>the answer for "{name}" must be a text, a number or null, not a {kind}</source>
            <translation>“{name}”的回答必须是文本、数字或 null，而不是 {kind}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="107" />
            <source>use it anyway? [y/N] </source>
            <translation>仍然使用？[y/N] </translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="164" />
            <source>cost {cost}</source>
            <translation>代价 {cost}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="165" />
            <source>(open) {label}</source>
            <translation>（未完成）{label}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="98" />
            <source>warning: {message}; used as given</source>
            <translation>警告：{message}；按给出的值使用</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="100" />
            <source>note: {message}</source>
            <translation>提示：{message}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="112" />
            <source>{error}; asked again</source>
            <translation>{error}；重新询问</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="71" />
            <source>; next: {others}</source>
            <translation>；其次：{others}</translation>
        </message>
        <message>
            <location filename="engine/cli/consult.py" line="167" />
            <source>{n} question(s)</source>
            <translation>{n} 个问题</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="19" />
            <source>edit a model's tree: force or move a split, prune, relabel, lock, regrow</source>
            <translation>编辑模型的决策树：强制或移动划分、剪枝、改标签、锁定、重新生长</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="23" />
            <source>the node: a path such as root/1/0 (the child taken at each step) or a number such as #7</source>
            <translation>节点：路径如 root/1/0（每一步所取的子节点），或编号如 #7</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="26" />
            <source>test this at the node: "age &lt;= 50" (a number), "safety &lt;= med" (an ordered value), "colour" (one branch per value), "colour: red, blue | green" (groups of values)</source>
            <translation>在该节点上检验：“age &lt;= 50”（数值）、“safety &lt;= med”（有序取值）、“colour”（每个取值一个分支）、“colour: red, blue | green”（取值组）</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="28" />
            <source>move the node's cut to V</source>
            <translation>把该节点的切分点移到 V</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="29" />
            <source>regroup the branches of a split on categories</source>
            <translation>重新分组按类别划分的分支</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="30" />
            <source>make the node a leaf</source>
            <translation>把该节点变为叶节点</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="31" />
            <source>make the leaf answer X</source>
            <translation>让该叶节点回答 X</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="32" />
            <source>freeze the node and everything below it</source>
            <translation>锁定该节点及其下的一切</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="33" />
            <source>thaw a locked node</source>
            <translation>解锁已锁定的节点</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="35" />
            <source>grow again below the node with the model's learner (expert and locked nodes kept)</source>
            <translation>用模型的学习器在该节点之下重新生长（保留专家节点与锁定节点）</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="36" />
            <source>take back the model's last edit</source>
            <translation>撤销模型的最后一次编辑</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="37" />
            <source>make the last undone edit again</source>
            <translation>重做最后一次撤销的编辑</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="39" />
            <source>make the edits of a file in order (a list of objects such as {"op": "split", "at": "root", "attribute": "safety", "threshold": 0.5})</source>
            <translation>按顺序执行文件中的编辑（一个对象列表，如 {"op": "split", "at": "root", "attribute": "safety", "threshold": 0.5}）</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="42" />
            <source>fit the model's learner on the data and make the model's edits again on it</source>
            <translation>在数据上重新训练模型的学习器，并在其上重做模型的编辑</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="44" />
            <source>also cross-validate: the learner and the edited model in the same K folds, the edits replayed on each fold's training rows</source>
            <translation>同时做交叉验证：学习器与编辑后的模型用同样的 K 折，编辑在每折的训练样本上重放</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="88" />
            <source>{leaves} leaves, depth {depth} -&gt; {path}</source>
            <translation>{leaves} 个叶节点，树深度 {depth} -&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="90" />
            <source>accuracy on the training rows (optimistic): {value}</source>
            <translation>训练样本上的准确率（偏乐观）：{value}</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="165" />
            <source>"{text}": a split has one cut (write "{name} &lt;= v" or "{name} &gt; v")</source>
            <translation>“{text}”：一个划分只有一个切分点（请写“{name} &lt;= v”或“{name} &gt; v”）</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="87" />
            <source>left out: {edit} ({why})</source>
            <translation>未采用：{edit}（{why}）</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="93" />
            <source>cross-validated accuracy, {k} folds: edited {edited} ± {edited_sd}, the learner alone {learner} ± {learner_sd}</source>
            <translation>交叉验证准确率，{k} 折：编辑后 {edited} ± {edited_sd}，仅学习器 {learner} ± {learner_sd}</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="126" />
            <source>{path}: a file of edits holds a list of at most {n} edits</source>
            <translation>{path}：编辑文件应是至多 {n} 项编辑的列表</translation>
        </message>
        <message>
            <location filename="engine/cli/edit.py" line="137" />
            <source>"{text}" is not groups of values such as "a, b | c"</source>
            <translation>“{text}”不是取值组（应写成如“a, b | c”）</translation>
        </message>
        <message>
            <location filename="engine/cli/export.py" line="13" />
            <source>write a model in a form other engines run: PMML 4.4, SQL, or an Excel calculator</source>
            <translation>把模型写成其他引擎可运行的形式：PMML 4.4、SQL 或 Excel 计算器</translation>
        </message>
        <message>
            <location filename="engine/cli/export.py" line="17" />
            <source>a PMML 4.4 TreeModel (KNIME, SAS, SPSS, Spark and the JPMML engines read it)</source>
            <translation>PMML 4.4 TreeModel（KNIME、SAS、SPSS、Spark 和 JPMML 引擎都能读取）</translation>
        </message>
        <message>
            <location filename="engine/cli/export.py" line="19" />
            <source>one CASE WHEN ... END expression giving the class, and a SELECT over a table</source>
            <translation>一个给出类别的 CASE WHEN ... END 表达式，以及对一张表的 SELECT</translation>
        </message>
        <message>
            <location filename="engine/cli/export.py" line="22" />
            <source>an Excel workbook whose formulas give a typed case's class, confidence and rule, and score a pasted table of cases (Excel and LibreOffice)</source>
            <translation>一个 Excel 工作簿：其公式给出所输入案例的类别、置信度和规则，并为粘贴的案例表评分（Excel 与 LibreOffice 均可）</translation>
        </message>
        <message>
            <location filename="engine/cli/export.py" line="24" />
            <source>the SQL dialect (default: sqlite)</source>
            <translation>SQL 方言（默认：sqlite）</translation>
        </message>
        <message>
            <location filename="engine/cli/export.py" line="25" />
            <source>the table the SELECT reads (default: cases)</source>
            <translation>SELECT 读取的表（默认：cases）</translation>
        </message>
        <message>
            <location filename="engine/cli/export.py" line="27" />
            <source>the calculator's Score cases sheet: rows with formulas (default: 1000)</source>
            <translation>计算器“批量评分”工作表中带公式的行数（默认：1000）</translation>
        </message>
        <message>
            <location filename="engine/cli/export.py" line="42" />
            <source>Excel calculator ({rows} rows to score) -&gt; {path}</source>
            <translation>Excel 计算器（可评分 {rows} 行）-&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/export.py" line="48" />
            <source>PMML 4.4 -&gt; {path}</source>
            <translation>PMML 4.4 -&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/export.py" line="54" />
            <source>SQL ({dialect}) -&gt; {path}</source>
            <translation>SQL（{dialect}）-&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="23" />
            <source>the guideline learner needs its rules: --guideline FILE (or --param text=... on one line)</source>
            <translation>指南学习器需要其规则：--guideline FILE（或在一行内写 --param text=...）</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="133" />
            <source>{file}: a default only -&gt; one leaf -&gt; {path}</source>
            <translation>{file}：只有默认类别 -&gt; 1 个叶节点 -&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="27" />
            <source>the expert's own rules, typed as text, as a model with counts from the data</source>
            <translation>把专家以文本输入的规则变成模型，计数取自数据</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="29" />
            <source>the rules as text (UTF-8): IF a &gt; 1 AND b = x THEN c; ELSE IF ...; ELSE c (如果 … 且 … 则 …；否则 …); the default ELSE is required</source>
            <translation>规则文本（UTF-8）：如果 a &gt; 1 且 b = x 则 c；否则如果 …；否则 c（也可写 IF … AND … THEN …；ELSE …）；必须有默认的“否则”</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="33" />
            <source>the data file the rules are read against and counted on (or DATA after FILE)</source>
            <translation>用来核对规则并计数的数据文件（也可在 FILE 之后写 DATA）</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="42" />
            <source>the rules of the guideline learner, read from a text file (its parameter text)</source>
            <translation>指南学习器的规则，从文本文件读取（即其参数 text）</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="62" />
            <source>give the guideline's rules once: --guideline FILE or --param text=..., not both</source>
            <translation>指南的规则只需给出一次：--guideline FILE 或 --param text=...，不能两者都给</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="112" />
            <source>give the data the rules are counted on: --data DATA, or --project P</source>
            <translation>请给出用来对规则计数的数据：--data DATA，或 --project P</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="134" />
            <source>{file}: {rules} rule and a default -&gt; {leaves} leaves, depth {depth} -&gt; {path}</source>
            <translation>{file}：{rules} 条规则和默认类别 -&gt; {leaves} 个叶节点，树深度 {depth} -&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="135" />
            <source>{file}: {rules} rules and a default -&gt; {leaves} leaves, depth {depth} -&gt; {path}</source>
            <translation>{file}：{rules} 条规则和默认类别 -&gt; {leaves} 个叶节点，树深度 {depth} -&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="109" />
            <source>give the data once: DATA or --data DATA</source>
            <translation>数据只需给出一次：DATA 或 --data DATA</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="137" />
            <source>accuracy on the {rows} training rows: {accuracy} (the rows the counts come from; always answering {label}: {baseline})</source>
            <translation>{rows} 个训练行上的准确率：{accuracy}（计数即来自这些行；总是回答 {label}：{baseline}）</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="59" />
            <source>--guideline gives the rules of --algorithm {name}, not of {algorithm}</source>
            <translation>--guideline 给出的是 --algorithm {name} 的规则，不是 {algorithm} 的</translation>
        </message>
        <message>
            <location filename="engine/cli/guideline.py" line="73" />
            <source>--guideline: no entry of the comparison is the guideline (add {name} to --algorithms)</source>
            <translation>--guideline：比较的条目中没有指南（请把 {name} 加入 --algorithms）</translation>
        </message>
        <message>
            <location filename="engine/cli/pmml_import.py" line="39" />
            <source>an unnamed application</source>
            <translation>未署名的应用程序</translation>
        </message>
        <message>
            <location filename="engine/cli/pmml_import.py" line="13" />
            <source>read a PMML TreeModel (classification) another tool wrote as a model</source>
            <translation>将其他工具写出的 PMML TreeModel（分类）读入为模型</translation>
        </message>
        <message>
            <location filename="engine/cli/pmml_import.py" line="16" />
            <source>count each node's cases on this file's rows (the tool's training data): supports, intervals and "few cases" then describe them</source>
            <translation>在此文件的行（该工具的训练数据）上计数每个节点的案例：支持度、区间和“案例过少”随之描述这些案例</translation>
        </message>
        <message>
            <location filename="engine/cli/pmml_import.py" line="18" />
            <source>the sheet of --data (a workbook)</source>
            <translation>--data 的工作表（工作簿）</translation>
        </message>
        <message>
            <location filename="engine/cli/pmml_import.py" line="40" />
            <source>{file} ({application}): {nodes} nodes, {leaves} leaves, {classes} classes, missing values: {policy} -&gt; {path}</source>
            <translation>{file}（{application}）：{nodes} 个节点，{leaves} 个叶节点，{classes} 个类别，缺失值：{policy} -&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/pmml_import.py" line="46" />
            <source>cases counted on {file}: {rows} rows</source>
            <translation>已在 {file} 上计数案例：{rows} 行</translation>
        </message>
        <message>
            <location filename="engine/cli/pmml_import.py" line="48" />
            <source>note: {note}</source>
            <translation>注意：{note}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="25" />
            <location filename="engine/settings_words.py" line="19" />
            <source>numeric</source>
            <translation>数值型</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="25" />
            <location filename="engine/settings_words.py" line="19" />
            <source>nominal</source>
            <translation>名义型</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="25" />
            <location filename="engine/settings_words.py" line="19" />
            <source>ordinal</source>
            <translation>有序型</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="26" />
            <source>increasing</source>
            <translation>单调递增</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="26" />
            <source>decreasing</source>
            <translation>单调递减</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="27" />
            <source>wait time</source>
            <translation>等待时间</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="27" />
            <source>wait cost</source>
            <translation>等待时间代价</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="136" />
            <source>settings:</source>
            <translation>设置：</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="95" />
            <source>column</source>
            <translation>列</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="95" />
            <location filename="engine/data/spec/settings.py" line="37" />
            <source>type</source>
            <translation>类型</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="95" />
            <location filename="engine/sessions.py" line="440" />
            <source>missing</source>
            <translation>缺失</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="95" />
            <source>distinct</source>
            <translation>不同值</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="95" />
            <source>values</source>
            <translation>取值</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="106" />
            <source> (target)</source>
            <translation>（目标列）</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="108" />
            <source> (not used)</source>
            <translation>（不使用）</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="115" />
            <source> (the last column; choose another with --target)</source>
            <translation>（最后一列；可用 --target 选择其他列）</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="116" />
            <source>target "{target}"{how}: {n} ordered classes</source>
            <translation>目标列“{target}”{how}：{n} 个有序类别</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="117" />
            <source>target "{target}"{how}: {n} classes</source>
            <translation>目标列“{target}”{how}：{n} 个类别</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="77" />
            <location filename="engine/cli/printing.py" line="124" />
            <source>warning: {message}</source>
            <translation>警告：{message}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="85" />
            <source>{file}, sheet "{sheet}"</source>
            <translation>{file}，工作表“{sheet}”</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="132" />
            <source>settings: valid</source>
            <translation>设置：有效</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="147" />
            <source>not used</source>
            <translation>不使用</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="186" />
            <source>{name} (required)</source>
            <translation>{name}（必须给出）</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="220" />
            <source>{algorithm} on {file} ({rows} rows), {scheme} x {repeats}</source>
            <translation>{algorithm} 于 {file}（{rows} 行），{scheme} × {repeats}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="93" />
            <source>{rows} rows, {columns} columns</source>
            <translation>{rows} 行，{columns} 列</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="88" />
            <source>sheets: {sheets}</source>
            <translation>工作表：{sheets}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="128" />
            <source>{n} problem(s) in the settings:</source>
            <translation>设置中有 {n} 个问题：</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="138" />
            <source>class order: {order}</source>
            <translation>类别顺序：{order}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="143" />
            <source>class hierarchy: {links} links, top: {top}</source>
            <translation>类别层次：{links} 个链接，顶层：{top}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="155" />
            <source>after {attribute}</source>
            <translation>在 {attribute} 之后</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="159" />
            <source>cost per time unit: {cost}</source>
            <translation>单位时间代价：{cost}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="161" />
            <source>batch group "{name}": {attributes} (common cost {cost})</source>
            <translation>批量属性组“{name}”：{attributes}（公共代价 {cost}）</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="165" />
            <source>misclassification costs ({labels}):</source>
            <translation>误分类代价（{labels}）：</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="169" />
            <source>budget per case: {budget}</source>
            <translation>每个样本的预算：{budget}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="171" />
            <source>positive class: {label}</source>
            <translation>正类：{label}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="205" />
            <source>prediction (changes the answers, not the tree):</source>
            <translation>预测（改变答案，不改变决策树）：</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="91" />
            <source>encoding: {encoding}</source>
            <translation>编码：{encoding}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="92" />
            <source>, delimiter: {delimiter}</source>
            <translation>，分隔符：{delimiter}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="185" />
            <source>from the problem: {source}</source>
            <translation>取自问题：{source}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="209" />
            <source>constraint: {constraint}</source>
            <translation>约束：{constraint}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="211" />
            <source>uses: {settings}</source>
            <translation>使用：{settings}</translation>
        </message>
        <message>
            <location filename="engine/cli/problem.py" line="16" />
            <source>data file (.xlsx, .xls, .ods, .csv, .txt, .tsv, .arff)</source>
            <translation>数据文件（.xlsx、.xls、.ods、.csv、.txt、.tsv、.arff）</translation>
        </message>
        <message>
            <location filename="engine/cli/problem.py" line="17" />
            <source>read the problem settings from a project file</source>
            <translation>从项目文件读取问题设置</translation>
        </message>
        <message>
            <location filename="engine/cli/problem.py" line="19" />
            <source>the column to predict</source>
            <translation>要预测的列</translation>
        </message>
        <message>
            <location filename="engine/cli/problem.py" line="20" />
            <source>ordered classes, lowest first</source>
            <translation>有序类别，从低到高</translation>
        </message>
        <message>
            <location filename="engine/cli/problem.py" line="22" />
            <source>monotone directions: + increasing, - decreasing, 0 none</source>
            <translation>单调方向：+ 递增，- 递减，0 无</translation>
        </message>
        <message>
            <location filename="engine/cli/problem.py" line="23" />
            <source>class hierarchy file (csv/xlsx: label,parent)</source>
            <translation>类别层次文件（csv/xlsx：label,parent）</translation>
        </message>
        <message>
            <location filename="engine/cli/problem.py" line="24" />
            <source>the class against the rest (trichotomy)</source>
            <translation>与其余类别相对的类别（三分法）</translation>
        </message>
        <message>
            <location filename="engine/cli/problem.py" line="29" />
            <source>workbook sheet (default: the first that holds a table)</source>
            <translation>工作簿中的工作表（默认：第一个含有表格的工作表）</translation>
        </message>
        <message>
            <location filename="engine/cli/problem.py" line="31" />
            <source>the row of the column names, the rows above it skipped (default: the first filled row, or the row under a one-cell title)</source>
            <translation>列名所在的行，其上方的行被跳过（默认：第一个非空行，或单个单元格标题下方的行）</translation>
        </message>
        <message>
            <location filename="engine/cli/problem.py" line="33" />
            <source>text encoding of a csv file (default: detected)</source>
            <translation>csv 文件的文本编码（默认：自动检测）</translation>
        </message>
        <message>
            <location filename="engine/cli/problem.py" line="34" />
            <source>delimiter of a csv file (default: detected; 'tab')</source>
            <translation>csv 文件的分隔符（默认：自动检测；'tab' 表示制表符）</translation>
        </message>
        <message>
            <location filename="engine/cli/problem.py" line="41" />
            <source>the data the model learns from (the same columns as its training data)</source>
            <translation>模型学习所用的数据（列与其训练数据相同）</translation>
        </message>
        <message>
            <location filename="engine/cli/problem.py" line="73" />
            <location filename="engine/problem.py" line="74" />
            <source>--monotone: "{item}" is not COL=+ (increasing), COL=- (decreasing) or COL=0 (none)</source>
            <translation>--monotone：“{item}”不是 COL=+（递增）、COL=-（递减）或 COL=0（无）</translation>
        </message>
        <message>
            <location filename="engine/cli/report.py" line="14" />
            <source>a printable PDF report of a model: problem, cross-validated figures, tree, rules</source>
            <translation>模型的可打印 PDF 报告：问题、交叉验证结果、决策树、规则</translation>
        </message>
        <message>
            <location filename="engine/cli/report.py" line="18" />
            <source>the data the figures are cross-validated on (the same columns as the model's training data); without it the report has no figures</source>
            <translation>用于交叉验证结果的数据（列与模型的训练数据相同）；不给出时报告中没有结果数字</translation>
        </message>
        <message>
            <location filename="engine/cli/report.py" line="21" />
            <source>cross-validation folds (default: 10)</source>
            <translation>交叉验证折数（默认：10）</translation>
        </message>
        <message>
            <location filename="engine/cli/report.py" line="40" />
            <source>report: {rules} rules -&gt; {path}</source>
            <translation>报告：{rules} 条规则 -&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/reproduce.py" line="65" />
            <source>--repeats is not available for this paper (only: facmi)</source>
            <translation>该论文不支持 --repeats（仅 facmi 支持）</translation>
        </message>
        <message>
            <location filename="engine/cli/reproduce.py" line="31" />
            <source>no reproduction for "{paper}" yet (available: {papers})</source>
            <translation>尚无“{paper}”的复现（可用：{papers}）</translation>
        </message>
        <message>
            <location filename="engine/cli/reproduce.py" line="40" />
            <source>--png needs the app's plotter: run it as '{command}' (the SVG plots are drawn without it)</source>
            <translation>--png 需要应用程序的绘图器：请以“{command}”运行（SVG 图无需它即可绘制）</translation>
        </message>
        <message>
            <location filename="engine/cli/reproduce.py" line="48" />
            <location filename="engine/cli/reproduce.py" line="51" />
            <source>plot: {path}</source>
            <translation>图：{path}</translation>
        </message>
        <message>
            <location filename="engine/cli/reproduce.py" line="67" />
            <source>--repeats must be at least 1, not {n}</source>
            <translation>--repeats 至少为 1，而不是 {n}</translation>
        </message>
        <message>
            <location filename="engine/cli/reproduce.py" line="53" />
            <source>PNG plot {name} not drawn ({error})</source>
            <translation>未绘制 PNG 图 {name}（{error}）</translation>
        </message>
        <message>
            <location filename="engine/compare/baseline.py" line="41" />
            <source>baseline (majority)</source>
            <translation>基线（多数类）</translation>
        </message>
        <message>
            <location filename="engine/compare/baseline.py" line="41" />
            <source>baseline (least cost)</source>
            <translation>基线（最小代价类）</translation>
        </message>
        <message>
            <location filename="engine/compare/baseline.py" line="41" />
            <location filename="engine/report.py" line="281" />
            <location filename="engine/report.py" line="481" />
            <source>baseline</source>
            <translation>基线</translation>
        </message>
        <message>
            <location filename="engine/compare/baseline.py" line="55" />
            <source>Baseline: the majority class, or the class of least expected cost</source>
            <translation>基线：多数类，或期望代价最小的类</translation>
        </message>
        <message>
            <location filename="engine/compare/curves.py" line="50" />
            <source>a learning curve needs at least one training size</source>
            <translation>学习曲线至少需要一个训练规模</translation>
        </message>
        <message>
            <location filename="engine/compare/curves.py" line="55" />
            <source>a training size is given twice</source>
            <translation>某个训练规模给出了两次</translation>
        </message>
        <message>
            <location filename="engine/compare/curves.py" line="94" />
            <source>two training sizes give the same number of rows on every fold: give sizes further apart</source>
            <translation>两个训练规模在每一折上给出相同的行数：请给出相差更大的规模</translation>
        </message>
        <message>
            <location filename="engine/compare/curves.py" line="60" />
            <source>{share} % of the training rows</source>
            <translation>训练行的 {share} %</translation>
        </message>
        <message>
            <location filename="engine/compare/curves.py" line="61" />
            <source>{n} training rows</source>
            <translation>{n} 个训练行</translation>
        </message>
        <message>
            <location filename="engine/compare/curves.py" line="52" />
            <source>at most {most} training sizes, not {n}</source>
            <translation>训练规模最多 {most} 个，而不是 {n} 个</translation>
        </message>
        <message>
            <location filename="engine/compare/curves.py" line="150" />
            <source>the sweep of {name}.{key} needs at least one value</source>
            <translation>{name}.{key} 的扫描至少需要一个取值</translation>
        </message>
        <message>
            <location filename="engine/compare/curves.py" line="162" />
            <source>the sweep names "{name}", which is not one of the algorithms compared</source>
            <translation>扫描指定的“{name}”不是参与比较的算法</translation>
        </message>
        <message>
            <location filename="engine/compare/curves.py" line="46" />
            <source>a training size is a share of the training rows between 0 and 1, or a whole number of rows, not {size}</source>
            <translation>训练规模应为 0 到 1 之间的训练行比例，或整数行数，而不是 {size}</translation>
        </message>
        <message>
            <location filename="engine/compare/curves.py" line="90" />
            <source>training size {size} rows is more than the smallest fold's {smallest} training rows</source>
            <translation>训练规模 {size} 行多于最小一折的 {smallest} 个训练行</translation>
        </message>
        <message>
            <location filename="engine/compare/curves.py" line="43" />
            <source>training size "{size}" is not a number (a share such as 0.25, or a number of rows)</source>
            <translation>训练规模“{size}”不是数字（应为比例如 0.25，或行数）</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="161" />
            <source>needs ordered classes (a class order)</source>
            <translation>需要有序类别（类别顺序）</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="326" />
            <source>about 1 s left</source>
            <translation>约剩 1 秒</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="331" />
            <source>about {n} h left</source>
            <translation>约剩 {n} 小时</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="420" />
            <source>nothing to compare: give at least one algorithm</source>
            <translation>没有可比较的内容：请至少给出一个算法</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="428" />
            <source>a Dask scheduler goes with the dask executor, and the dask executor needs one (an address such as tcp://host:8786, or local:N)</source>
            <translation>Dask 调度器需配合 dask 执行器使用，dask 执行器也需要一个调度器（地址如 tcp://host:8786，或 local:N）</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="163" />
            <source>separates two classes; with {n} classes it needs a positive class</source>
            <translation>只区分两个类别；有 {n} 个类别时需要指定正类</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="166" />
            <source>needs a value for its parameter {names}</source>
            <translation>需要给出其参数 {names} 的值</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="328" />
            <source>about {n} s left</source>
            <translation>约剩 {n} 秒</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="330" />
            <source>about {n} min left</source>
            <translation>约剩 {n} 分钟</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="387" />
            <location filename="engine/compare/runner.py" line="392" />
            <source>its answers name labels this entry cannot give</source>
            <translation>其回答含有该条目不可能给出的标签</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="532" />
            <location filename="engine/compare/runner.py" line="551" />
            <source>the comparison was cancelled</source>
            <translation>比较已取消</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="768" />
            <source>running on a Dask cluster needs the "distributed" package (pip install "dask[distributed]")</source>
            <translation>在 Dask 集群上运行需要“distributed”包（pip install "dask[distributed]"）</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="146" />
            <source>hold-out {k} of {n}</source>
            <translation>留出法第 {k} 次（共 {n} 次）</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="151" />
            <source> on {size}</source>
            <translation>，使用{size}</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="423" />
            <source>jobs must be at least 1, not {n}</source>
            <translation>jobs 至少为 1，而不是 {n}</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="425" />
            <source>executor must be one of {executors}, not {executor}</source>
            <translation>执行器必须是 {executors} 之一，而不是 {executor}</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="431" />
            <source>the folder of the results file "{path}" does not exist</source>
            <translation>结果文件“{path}”所在的文件夹不存在</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="111" />
            <source>the hold-out share must be between 0 and 1 (e.g. 0.3), not {share}</source>
            <translation>留出比例必须在 0 到 1 之间（例如 0.3），而不是 {share}</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="115" />
            <source>cross-validation needs at least 2 folds, not {n}</source>
            <translation>交叉验证至少需要 2 折，而不是 {n}</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="118" />
            <source>repeats must be at least 1, not {n}</source>
            <translation>重复次数至少为 1，而不是 {n}</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="148" />
            <source>fold {k} of {n}</source>
            <translation>第 {k} 折（共 {n} 折）</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="209" />
            <source>two entries are both named "{name}": give them different parameters or names</source>
            <translation>两个条目都名为“{name}”：请给它们不同的参数或名称</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="213" />
            <source>{algorithm} does not apply to this problem: it {reason}</source>
            <translation>{algorithm} 不适用于该问题：它{reason}</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="223" />
            <source>"{name}" is the baseline's name: give the entry another</source>
            <translation>“{name}”是基线的名称：请给该条目另起名称</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="398" />
            <source>it lacks {names}</source>
            <translation>缺少 {names}</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="493" />
            <source>{entry}, {fold} done; {left}</source>
            <translation>{entry}，{fold}完成；{left}</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="501" />
            <source>{n} of {total} units to run</source>
            <translation>{total} 个单元中有 {n} 个待运行</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="777" />
            <source>"{scheduler}": local:N needs a number of workers N &gt;= 1</source>
            <translation>“{scheduler}”：local:N 需要工作进程数 N &gt;= 1</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="122" />
            <source>a comparison counts the stability in bootstrap models: at least 1, not {n}</source>
            <translation>比较在自助模型中统计稳定性：至少为 1，而不是 {n}</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="149" />
            <source>, repeat {k} of {n}</source>
            <translation>，第 {k} 次重复（共 {n} 次）</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="502" />
            <source> ({n} done before)</source>
            <translation>（之前已完成 {n} 个）</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="533" />
            <source>; {n} of {total} units are kept in the results file</source>
            <translation>；{total} 个单元中有 {n} 个保存在结果文件中</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="785" />
            <source>no Dask scheduler answers at "{scheduler}" ({error})</source>
            <translation>“{scheduler}”处没有 Dask 调度器应答（{error}）</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="553" />
            <source>{entry}: stability, the model on all rows</source>
            <translation>{entry}：稳定性，在全部行上拟合的模型</translation>
        </message>
        <message>
            <location filename="engine/compare/runner.py" line="554" />
            <source>{entry}: stability, bootstrap model {b} of {B}</source>
            <translation>{entry}：稳定性，第 {b} 个自助模型（共 {B} 个）</translation>
        </message>
        <message>
            <location filename="engine/compare/significance.py" line="30" />
            <source>the folds of one data set are not independent samples (their training sets overlap): the corrected t-test allows for it; Friedman and Nemenyi over folds are indicative only</source>
            <translation>同一数据集的各折不是独立样本（它们的训练集相互重叠）：校正 t 检验考虑了这一点；基于各折的 Friedman 和 Nemenyi 检验仅供参考</translation>
        </message>
        <message>
            <location filename="engine/compare/significance.py" line="110" />
            <source>the reference "{reference}" is not one of the entries compared ({names})</source>
            <translation>参照“{reference}”不是参与比较的条目（{names}）</translation>
        </message>
        <message>
            <location filename="engine/compare/significance.py" line="113" />
            <source>the reference "{reference}" does not report {metric} on every fold</source>
            <translation>参照“{reference}”并非在每一折都给出{metric}</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="236" />
            <source>another configuration</source>
            <translation>另一种配置</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="224" />
            <source>it has no valid configuration</source>
            <translation>它没有有效的配置</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="155" />
            <source>"units" is not a list</source>
            <translation>“units”不是列表</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="225" />
            <source>the data differ</source>
            <translation>数据不同</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="225" />
            <source>the scheme differ</source>
            <translation>方案不同</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="226" />
            <source>the algorithms differ</source>
            <translation>算法不同</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="159" />
            <source>unit {n}</source>
            <translation>第 {n} 个单元</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="264" />
            <source>{name} is not a metric this program reports</source>
            <translation>{name} 不是本程序报告的指标</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="281" />
            <source>{name} is {value}, not a finite number</source>
            <translation>{name} 为 {value}，不是有限的数</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="306" />
            <source>this comparison results file cannot be resumed from: entry "{entry}", {fold}: {reason}; the file was changed after it was written: give another results file, or delete this one to compute every unit again</source>
            <translation>无法从此比较结果文件继续：条目“{entry}”，{fold}：{reason}；该文件在写入后被改动过：请另给一个结果文件，或删除此文件以重新计算所有单元</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="136" />
            <source>this comparison results file cannot be resumed from: {reason}</source>
            <translation>无法从该比较结果文件继续：{reason}</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="140" />
            <source>this is not a comparison results file (no "format": "{format}")</source>
            <translation>这不是比较结果文件（没有 "format": "{format}"）</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="144" />
            <source>its version is {version}, not a whole number from 1</source>
            <translation>其版本为 {version}，不是从 1 起的整数</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="146" />
            <source>the results file is version {version}, newer than this program reads ({supported}); update RuleTree Studio</source>
            <translation>结果文件的版本为 {version}，比本程序能读取的版本（{supported}）新；请更新 RuleTree Studio</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="150" />
            <source>the results file was written for another comparison ({difference}); give a new file, or the same data, algorithms, parameters and scheme</source>
            <translation>结果文件是为另一次比较写的（{difference}）；请给出新文件，或使用相同的数据、算法、参数和方案</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="267" />
            <source>{name} is not a figure of this comparison</source>
            <translation>{name} 不是本次比较的数值</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="269" />
            <source>{name} is {value}, but its answers on the fold's test rows give {expected}</source>
            <translation>{name} 为 {value}，但按其在该折测试行上的回答应为 {expected}</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="277" />
            <source>{name} is {value}, not a cost per case from 0 to {most}</source>
            <translation>{name} 为 {value}，不是 0 到 {most} 之间的每例成本</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="284" />
            <source>{name} is {value}, not a share from 0 to 1</source>
            <translation>{name} 为 {value}，不是 0 到 1 之间的比例</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="92" />
            <source>the results cannot be written: {error}</source>
            <translation>无法写入结果：{error}</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="161" />
            <location filename="engine/sessions.py" line="331" />
            <source>{where} is not an object</source>
            <translation>{where}不是对象</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="164" />
            <source>{where}: entry {entry} is not one of 0..{last}</source>
            <translation>{where}：条目 {entry} 不在 0..{last} 之中</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="167" />
            <source>{where}: fold {fold} is not one of 0..{last}</source>
            <translation>{where}：折 {fold} 不在 0..{last} 之中</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="170" />
            <source>{where}: entry {entry}, fold {fold} appears twice</source>
            <translation>{where}：条目 {entry}、折 {fold} 出现了两次</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="174" />
            <source>{where}: its fold sizes differ from the folds of this data</source>
            <translation>{where}：其折的大小与该数据的折不同</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="178" />
            <source>{where}: "labels" is not the classes ({classes}) and any coarser labels</source>
            <translation>{where}：“labels”不是这些类别（{classes}）及更粗的标签</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="183" />
            <source>{where}: "y_pred" is not {n} answers (label numbers, or {pending} for pending)</source>
            <translation>{where}：“y_pred”不是 {n} 个答案（标签编号，或以 {pending} 表示待定）</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="187" />
            <source>{where}: "metrics" is not an object</source>
            <translation>{where}：“metrics”不是对象</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="230" />
            <source>other algorithms or parameters: {names}</source>
            <translation>其他算法或参数：{names}</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="234" />
            <source>another scheme: {keys} differ</source>
            <translation>另一种方案：{keys} 不同</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="287" />
            <source>{name} is {value}, not a time in seconds from 0 to a year</source>
            <translation>{name} 为 {value}，不是 0 到一年之间的秒数</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="192" />
            <source>{where}: metric {name} is not a number</source>
            <translation>{where}：指标 {name} 不是数字</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="295" />
            <source>{name} is {value}, not a {whole}count from {least} to {most}</source>
            <translation>{name} 为 {value}，不是 {least} 到 {most} 之间的{whole}计数</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="296" />
            <source>whole </source>
            <translation>整数</translation>
        </message>
        <message>
            <location filename="engine/compare/store.py" line="300" />
            <source>{name} is {value}, out of its range</source>
            <translation>{name} 为 {value}，超出其范围</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="174" />
            <location filename="engine/compare/workbook.py" line="79" />
            <source>training rows</source>
            <translation>训练行数</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="196" />
            <source>Misclassification against pending</source>
            <translation>误分类率与待定率</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="58" />
            <source>Summary</source>
            <translation>汇总</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="79" />
            <source>Folds</source>
            <translation>各折</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="95" />
            <location filename="engine/compare/workbook.py" line="84" />
            <location filename="engine/compare/workbook.py" line="79" />
            <source>fold</source>
            <translation>折</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="111" />
            <source>Significance</source>
            <translation>显著性</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="167" />
            <source>Learning curve</source>
            <translation>学习曲线</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="191" />
            <source>Error-pending</source>
            <translation>错误-待定</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="193" />
            <source>Means over the folds. An entry that never answers pending is a point at pending 0 with error 1 - accuracy.</source>
            <translation>各折的均值。从不回答待定的条目是待定率为 0、错误率为 1 - 准确率的点。</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="219" />
            <source>Plots</source>
            <translation>图</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="111" />
            <source>corrected t</source>
            <translation>校正 t</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="112" />
            <source>average rank</source>
            <translation>平均秩</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="118" />
            <source>Friedman over the folds</source>
            <translation>基于各折的 Friedman 检验</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="173" />
            <source>Learning curve: {metric}</source>
            <translation>学习曲线：{metric}</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="63" />
            <source>{metric}: mean over the folds</source>
            <translation>{metric}：各折均值</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="79" />
            <source>test rows</source>
            <translation>测试行数</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="94" />
            <source>{metric} on each fold</source>
            <translation>每一折的{metric}</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="131" />
            <source>Note: {caveat}</source>
            <translation>注意：{caveat}</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="157" />
            <source>training rows (mean over the folds)</source>
            <translation>训练行数（各折均值）</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="157" />
            <source>training size</source>
            <translation>训练规模</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="168" />
            <source>{metric}: mean over the folds at each training size, every size scored on the same test rows</source>
            <translation>{metric}：每个训练规模下的各折均值，每个规模都在相同的测试行上评分</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="191" />
            <source>entry</source>
            <translation>条目</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="48" />
            <location filename="engine/compare/workbook.py" line="111" />
            <source>{metric} mean</source>
            <translation>{metric}均值</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="48" />
            <source>{metric} std</source>
            <translation>{metric}标准差</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="110" />
            <source>reference</source>
            <translation>参照</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="113" />
            <source>against {reference}</source>
            <translation>与 {reference} 相比</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="128" />
            <source>Nemenyi critical difference (alpha {alpha})</source>
            <translation>Nemenyi 临界差（alpha {alpha}）</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="158" />
            <source>{name} std</source>
            <translation>{name} 标准差</translation>
        </message>
        <message>
            <location filename="engine/compare/workbook.py" line="162" />
            <source>{n} rows</source>
            <translation>{n} 行</translation>
        </message>
        <message>
            <location filename="engine/consult.py" line="61" />
            <location filename="engine/trust/novelty.py" line="166" />
            <source>{name} = {value} is outside the range seen in training ({low} to {high})</source>
            <translation>{name} = {value} 超出训练中见过的范围（{low} 到 {high}）</translation>
        </message>
        <message>
            <location filename="engine/consult.py" line="197" />
            <source>planned a few questions ahead</source>
            <translation>向前规划了几个问题</translation>
        </message>
        <message>
            <location filename="engine/consult.py" line="248" />
            <location filename="engine/consult.py" line="209" />
            <source>expected cost from here asking it {cost}, against {expected} for the plan's question</source>
            <translation>询问它时此后的期望代价为 {cost}，而询问规划的问题为 {expected}</translation>
        </message>
        <message>
            <location filename="engine/consult.py" line="204" />
            <source>asking {name} first; expected cost from here {expected} ({how})</source>
            <translation>先问 {name}；从此处起的预期成本 {expected}（{how}）</translation>
        </message>
        <message>
            <location filename="engine/consult.py" line="157" />
            <source>planning must be one of {choices}, not {value}</source>
            <translation>planning 必须是 {choices} 之一，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/consult.py" line="532" />
            <source>{name} = "{value}" is ambiguous (a thousands separator or a decimal comma?): write it without the comma, or with a decimal point</source>
            <translation>{name} =“{value}”有歧义（是千位分隔符还是小数逗号？）：请去掉逗号，或改用小数点</translation>
        </message>
        <message>
            <location filename="engine/consult.py" line="543" />
            <source>{name} needs a finite number, not {value}</source>
            <translation>{name} 需要一个有限数，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/consult.py" line="527" />
            <source>"{value}" is not a value of {name} seen in training ({shown})</source>
            <translation>“{value}”不是训练中见过的 {name} 取值（{shown}）</translation>
        </message>
        <message>
            <location filename="engine/consult.py" line="540" />
            <source>{name} needs a number, not "{value}"</source>
            <translation>{name} 需要一个数字，而不是“{value}”</translation>
        </message>
        <message>
            <location filename="engine/consult.py" line="550" />
            <source>{problem}; check it, or confirm to use it anyway</source>
            <translation>{problem}；请检查，或确认仍使用该值</translation>
        </message>
        <message>
            <location filename="engine/consult.py" line="581" />
            <source>"{name}" is not an attribute of the model</source>
            <translation>“{name}”不是该模型的属性</translation>
        </message>
        <message>
            <location filename="engine/consult.py" line="584" />
            <source>{name} is already answered (undo to change it)</source>
            <translation>{name} 已经回答过了（撤销后可修改）</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="295" />
            <source> (almost every row has a class of its own: an identifier?)</source>
            <translation>（几乎每一行都自成一类：是标识符吗？）</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="296" />
            <source>the target column "{target}" has {k} classes in {n} rows{ident}: training would take about {size} of memory (counts of every class at every cut and node); at most {limit} classes can be learned from this many rows. Choose another target column, or group its values into fewer classes</source>
            <translation>目标列“{target}”在 {n} 行中有 {k} 个类别{ident}：训练约需 {size} 内存（每个切分点和节点上每个类别的计数）；这么多行最多只能学习 {limit} 个类别。请选择另一目标列，或将其取值归并为较少的类别</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="256" />
            <source>the target column "{target}" is numeric with {k} distinct values in {n} rows: it looks like a number to predict or an identifier, not classes (each value becomes a class); group it into a few classes first</source>
            <translation>目标列“{target}”是数值型，在 {n} 行中有 {k} 个不同取值：它看起来像是要预测的数值或标识符，而不是类别（每个取值都会成为一个类别）；请先将其归并为少数几个类别</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="264" />
            <source>{named} and {n} more</source>
            <translation>{named} 等（另有 {n} 个）</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="271" />
            <source>the class "{cls}" holds {share} of the rows: always answering it is already that accurate, so compare models with that baseline (or set a cost matrix)</source>
            <translation>类别“{cls}”占全部行的 {share}：始终回答该类别即可达到这一准确率，因此请将模型与该基线比较（或设置代价矩阵）</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="320" />
            <location filename="engine/data/encode.py" line="355" />
            <source> (and {n} more)</source>
            <translation>（另有 {n} 处）</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="321" />
            <location filename="engine/data/encode.py" line="356" />
            <source>{n} row(s) have no value in the target column "{target}" and are left out of learning: row {row}{more}</source>
            <translation>{n} 行在目标列“{target}”中没有值，不参与学习：第 {row} 行{more}</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="341" />
            <source>the target column "{column}" is not in the data</source>
            <translation>数据中没有目标列“{column}”</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="349" />
            <source>the class "{value}" is not one of the model's classes ({classes})</source>
            <translation>类别“{value}”不是模型的类别之一（{classes}）</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="261" />
            <source>"{cls}" (row {row})</source>
            <translation>“{cls}”（第 {row} 行）</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="265" />
            <source>{n} classes have a single case: {named}; too few to learn from, and cross-validation cannot test them in every fold</source>
            <translation>{n} 个类别只有一个样本：{named}；样本太少，无法从中学习，交叉验证也无法在每一折中测试它们</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="267" />
            <source>{n} class has a single case: {named}; too few to learn from, and cross-validation cannot test them in every fold</source>
            <translation>{n} 个类别只有一个样本：{named}；样本太少，无法从中学习，交叉验证也无法在每一折中测试它</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="104" />
            <source>the column "{column}" that the model uses is not in the data</source>
            <translation>模型使用的列“{column}”不在数据中</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="170" />
            <source>the column holds text (e.g. "{value}") where the model expects numbers</source>
            <translation>该列含有文本（例如“{value}”），而模型要求数值</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="193" />
            <source>column "{column}": the value "{value}" (row {row}) was not seen in training; treated as missing</source>
            <translation>列“{column}”：值“{value}”（第 {row} 行）在训练中未出现过；按缺失值处理</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="195" />
            <location filename="engine/data/read_csv.py" line="329" />
            <location filename="engine/data/read_csv.py" line="510" />
            <source> (and {n} more rows)</source>
            <translation>（另有 {n} 行）</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="88" />
            <source>delete the stray cells far from the table</source>
            <translation>请删除远离表格的零散单元格</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="89" />
            <source>more than any table this program reads; delete the stray cells far from the table</source>
            <translation>超过本程序能读取的任何表格；请删除远离表格的零散单元格</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="111" />
            <source>{n} cells refer to shared texts that add up to {text}: many cells repeat a long text</source>
            <translation>{n} 个单元格引用的共享文本合计 {text}：许多单元格重复同一段长文本</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="117" />
            <source>reading the sheet would take about {need} of memory ({why}), more than the limit of {limit} for a workbook of {size} (a file made to exhaust memory?)</source>
            <translation>读取该工作表约需 {need} 内存（{why}），超过大小为 {size} 的工作簿的限额 {limit}（这是为耗尽内存而制作的文件吗？）</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="670" />
            <source>the workbook is damaged or truncated (its zip directory is missing); save it again from Excel</source>
            <translation>工作簿已损坏或不完整（缺少 zip 目录）；请用 Excel 重新保存</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="90" />
            <source>the sheet reaches row {rows} and column {column}: {rows} x {cols} = {cells} cells, more than the limit of {limit} for a workbook of {size} ({hint})</source>
            <translation>工作表延伸到第 {rows} 行、第 {column} 列：{rows} × {cols} = {cells} 个单元格，超过 {size} 的工作簿的上限 {limit}（{hint}）</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="96" />
            <source>the sheet declares a size of {cells} cells (its DIMENSIONS record), more than the limit of {limit}; the file is damaged or not made by a spreadsheet program</source>
            <translation>工作表声明的大小为 {cells} 个单元格（其 DIMENSIONS 记录），超过上限 {limit}；文件已损坏，或并非由电子表格程序生成</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="114" />
            <source>its cells hold {text} of text</source>
            <translation>其单元格含 {text} 的文本</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="116" />
            <source>its rectangle spans {cells} cells</source>
            <translation>其矩形区域跨 {cells} 个单元格</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="674" />
            <source>the workbook is damaged or not a spreadsheet zip ({error}); save it again from Excel</source>
            <translation>工作簿已损坏或不是电子表格的 zip 文件（{error}）；请用 Excel 重新保存</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="682" />
            <source>the workbook would unpack to {size} bytes, more than the limit of {limit} (a zip bomb?)</source>
            <translation>工作簿解压后将有 {size} 字节，超过上限 {limit}（zip 炸弹？）</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="946" />
            <source>the workbook is damaged or truncated ({reason}); save it again from Excel</source>
            <translation>工作簿已损坏或不完整（{reason}）；请用 Excel 重新保存</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="687" />
            <source>the workbook part "{part}" is compressed {ratio} to 1, far beyond any real workbook (a zip bomb?)</source>
            <translation>工作簿部件“{part}”的压缩比为 {ratio} 比 1，远超任何真实的工作簿（zip 炸弹？）</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="1168" />
            <source>reading its {n} sheets, all read when the workbook is opened, would take about {need} of memory together, more than the limit of {limit} for a workbook of {size} (a file made to exhaust memory?)</source>
            <translation>读取其 {n} 个工作表（打开工作簿时会全部读取）合计约需 {need} 内存，超过大小为 {size} 的工作簿的上限 {limit}（是否为故意耗尽内存的文件？）</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="717" />
            <location filename="engine/data/extents.py" line="759" />
            <source>the workbook is damaged or truncated (part "{part}": {error})</source>
            <translation>工作簿已损坏或不完整（部件“{part}”：{error}）</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="721" />
            <location filename="engine/data/extents.py" line="762" />
            <source>the workbook is damaged: {error}</source>
            <translation>工作簿已损坏：{error}</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="708" />
            <source>the workbook unpacks to more than it declares or than the limit of {limit} bytes (a zip bomb?)</source>
            <translation>工作簿解压后的大小超过其声明的大小或上限 {limit} 字节（zip 炸弹？）</translation>
        </message>
        <message>
            <location filename="engine/data/hierarchy.py" line="30" />
            <source>a hierarchy file needs two columns, label and parent</source>
            <translation>层次文件需要两列：标签和父标签</translation>
        </message>
        <message>
            <location filename="engine/data/hierarchy.py" line="46" />
            <source>the label is empty</source>
            <translation>标签为空</translation>
        </message>
        <message>
            <location filename="engine/data/hierarchy.py" line="52" />
            <source>"{label}" has two parents: "{first}" (row {row}) and "{second}"</source>
            <translation>“{label}”有两个父标签：“{first}”（第 {row} 行）和“{second}”</translation>
        </message>
        <message>
            <location filename="engine/data/hygiene.py" line="33" />
            <source>it holds one value</source>
            <translation>它只有一个取值</translation>
        </message>
        <message>
            <location filename="engine/data/hygiene.py" line="34" />
            <source>it is unique on every row (an identifier)</source>
            <translation>每一行的取值都不同（是标识符）</translation>
        </message>
        <message>
            <location filename="engine/data/hygiene.py" line="35" />
            <source>it is unique on {share} of its rows (close to an identifier)</source>
            <translation>{share} 的行取值互不相同（接近标识符）</translation>
        </message>
        <message>
            <location filename="engine/data/number_formats.py" line="37" />
            <source>percentages</source>
            <translation>百分数</translation>
        </message>
        <message>
            <location filename="engine/data/number_formats.py" line="38" />
            <source>thousands separators</source>
            <translation>千位分隔符</translation>
        </message>
        <message>
            <location filename="engine/data/number_formats.py" line="39" />
            <source>a currency sign</source>
            <translation>货币符号</translation>
        </message>
        <message>
            <location filename="engine/data/number_formats.py" line="40" />
            <source>Chinese units (千, 万, 亿)</source>
            <translation>中文数量单位（千、万、亿）</translation>
        </message>
        <message>
            <location filename="engine/data/project.py" line="72" />
            <source>this is not a RuleTree project (the file holds no JSON object)</source>
            <translation>这不是 RuleTree 项目（文件中没有 JSON 对象）</translation>
        </message>
        <message>
            <location filename="engine/data/project.py" line="76" />
            <source>this is not a RuleTree project (format is {what}) (it is a model file; open it with predict or rules)</source>
            <translation>这不是 RuleTree 项目（format 为 {what}）（它是模型文件；请用 predict 或 rules 打开）</translation>
        </message>
        <message>
            <location filename="engine/data/project.py" line="78" />
            <source>this is not a RuleTree project (format is {what})</source>
            <translation>这不是 RuleTree 项目（format 为 {what}）</translation>
        </message>
        <message>
            <location filename="engine/data/project.py" line="83" />
            <source>the project has no valid version number</source>
            <translation>项目没有有效的版本号</translation>
        </message>
        <message>
            <location filename="engine/data/project.py" line="97" />
            <source>must be an object with path and sheet</source>
            <translation>必须是含有 path 和 sheet 的对象</translation>
        </message>
        <message>
            <location filename="engine/data/project.py" line="102" />
            <location filename="engine/data/project.py" line="104" />
            <location filename="engine/data/spec/reading.py" line="86" />
            <location filename="engine/tree/check.py" line="97" />
            <location filename="engine/tree/check.py" line="111" />
            <source>must be a text</source>
            <translation>必须是文本</translation>
        </message>
        <message>
            <location filename="engine/data/project.py" line="132" />
            <source>must map column names to lists of texts</source>
            <translation>必须把列名映射到文本列表</translation>
        </message>
        <message>
            <location filename="engine/data/project.py" line="86" />
            <source>the project was saved by a newer RuleTree Studio (project version {version}); this version reads version {known}. Update RuleTree Studio.</source>
            <translation>该项目由更新版本的 RuleTree Studio 保存（项目版本 {version}）；本版本只能读取版本 {known}。请更新 RuleTree Studio。</translation>
        </message>
        <message>
            <location filename="engine/data/project.py" line="91" />
            <source>unknown project version {version}</source>
            <translation>未知的项目版本 {version}</translation>
        </message>
        <message>
            <location filename="engine/data/project.py" line="108" />
            <source>must be a row number from 1 to {most:,}</source>
            <translation>必须是 1 到 {most:,} 的行号</translation>
        </message>
        <message>
            <location filename="engine/data/project.py" line="138" />
            <source>must be a list of texts (at most {most})</source>
            <translation>必须是文本列表（最多 {most} 个）</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="29" />
            <source>a pipe</source>
            <translation>管道</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="29" />
            <location filename="engine/data/read.py" line="29" />
            <source>a device</source>
            <translation>设备</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="30" />
            <source>a socket</source>
            <translation>套接字</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="45" />
            <source>this is a folder, not a file</source>
            <translation>这是文件夹，不是文件</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="53" />
            <source>the file cannot be read (permission denied)</source>
            <translation>无法读取文件（权限不足）</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="40" />
            <source>the file does not exist</source>
            <translation>文件不存在</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="47" />
            <source>a special file</source>
            <translation>特殊文件</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="90" />
            <source>an ARFF file declares its attributes: it has no header row to choose</source>
            <translation>ARFF 文件自行声明属性：没有可选的表头行</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="115" />
            <source>the file is too large to read into memory</source>
            <translation>文件太大，无法读入内存</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="117" />
            <source>the file is nested too deeply to read</source>
            <translation>文件嵌套太深，无法读取</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="49" />
            <source>a link to {what} ({target})</source>
            <translation>指向{what}的链接（{target}）</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="50" />
            <source>the file is not a regular file: it is {what}; save the data to a file and open that</source>
            <translation>这不是普通文件，而是{what}；请把数据保存到文件中再打开</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="56" />
            <source>files of type "{suffix}" are not supported; use .xlsx, .xls, .ods, .csv, .txt, .tsv or .arff</source>
            <translation>不支持“{suffix}”类型的文件；请使用 .xlsx、.xls、.ods、.csv、.txt、.tsv 或 .arff</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="86" />
            <source>a sheet ("{sheet}") was given, but a {suffix} file has no sheets</source>
            <translation>指定了工作表（“{sheet}”），但 {suffix} 文件没有工作表</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="105" />
            <source>the header row must be a row number from 1 to {last}, not {given!r}</source>
            <translation>表头行必须是 1 到 {last} 之间的行号，而不是 {given!r}</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="42" />
            <source>the file cannot be opened ({reason})</source>
            <translation>无法打开文件（{reason}）</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="57" />
            <location filename="engine/tree/describe.py" line="79" />
            <source>(none)</source>
            <translation>（无）</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="119" />
            <source>the file cannot be read: {reason}</source>
            <translation>无法读取文件：{reason}</translation>
        </message>
        <message>
            <location filename="engine/data/read.py" line="125" />
            <source>the file could not be read ({kind}); the details are in the log file</source>
            <translation>无法读取文件（{kind}）；详情见日志文件</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="199" />
            <source>no @attribute lines: this is not an ARFF file</source>
            <translation>没有 @attribute 行：这不是 ARFF 文件</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="201" />
            <source>the @data section is missing</source>
            <translation>缺少 @data 部分</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="145" />
            <source>the @attribute line cannot be read</source>
            <translation>无法读取 @attribute 行</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="196" />
            <source>unexpected line before @data: "{line}"</source>
            <translation>@data 之前出现意外的行：“{line}”</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="153" />
            <source>the value list { ... } is not closed</source>
            <translation>值列表 { ... } 没有闭合</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="258" />
            <location filename="engine/data/read_csv.py" line="292" />
            <source>the table has more than {limit} cells, the limit</source>
            <translation>表格超过 {limit} 个单元格的上限</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="261" />
            <source>the sparse data expands to more than {limit} cells ({rows} rows x {width} attributes so far), the limit for a file of {size} bytes; a file made to exhaust memory, or too wide to read as a table</source>
            <translation>稀疏数据展开后超过 {limit} 个单元格（目前 {rows} 行 x {width} 个属性），这是 {size} 字节文件的限额；该文件可能是为耗尽内存而制作的，或太宽而无法作为表格读取</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="293" />
            <source>"{value}" is not a date in the format "{pattern}" that the attribute declares</source>
            <translation>“{value}”不是属性所声明格式“{pattern}”的日期</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="148" />
            <source>the attribute "{name}" is declared twice</source>
            <translation>属性“{name}”被声明了两次</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="236" />
            <source>the data line cannot be read: {error}</source>
            <translation>无法读取数据行：{error}</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="240" />
            <source>the data line has {n} values but {width} attributes are declared</source>
            <translation>数据行有 {n} 个值，但声明了 {width} 个属性</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="162" />
            <source>the value "{value}" is declared twice</source>
            <translation>值“{value}”被声明了两次</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="278" />
            <source>the attribute is declared numeric but holds "{value}"</source>
            <translation>该属性声明为数值型，却含有“{value}”</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="158" />
            <source>the value list cannot be read: {error}</source>
            <translation>无法读取值列表：{error}</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="184" />
            <source>relational attributes are not supported</source>
            <translation>不支持关系型（relational）属性</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="187" />
            <source>unknown attribute type "{kind}"</source>
            <translation>未知的属性类型“{kind}”</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="179" />
            <source>the date format "{pattern}" cannot be read: {error}</source>
            <translation>无法读取日期格式“{pattern}”：{error}</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="220" />
            <source>the rest of the file</source>
            <translation>文件的其余部分</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="33" />
            <location filename="engine/data/read_excel.py" line="38" />
            <source>the file is empty</source>
            <translation>文件为空</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="114" />
            <source>{place}: the text encoding was not given and was guessed as {encoding}, but {doubt}. If the text looks wrong, give the right encoding (on the command line --encoding ENC, for example --encoding shift_jis, gbk, big5, euc_kr, cp1251) or save the file as UTF-8.</source>
            <translation>{place}：未指定文本编码，推测为 {encoding}，但{doubt}。如果文字显示不对，请指定正确的编码（命令行中用 --encoding ENC，例如 --encoding shift_jis、gbk、big5、euc_kr、cp1251），或把文件另存为 UTF-8。</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="125" />
            <location filename="engine/data/read_csv.py" line="142" />
            <source>the file contains binary data (NUL bytes), not text; is it really a CSV file, or is it damaged?</source>
            <translation>文件含有二进制数据（NUL 字节），不是文本；它真的是 CSV 文件吗？还是已损坏？</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="130" />
            <location filename="engine/data/read_csv.py" line="147" />
            <source>the file contains binary data (control characters), not text; is it really a CSV file?</source>
            <translation>文件含有二进制数据（控制字符），不是文本；它真的是 CSV 文件吗？</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="160" />
            <source> Open it as .xlsx instead (rename it).</source>
            <translation>请改为按 .xlsx 打开（重命名该文件）。</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="228" />
            <source>{place}: the quote that opens in this cell{where} is never closed, so {what} was read into this one cell; if that is wrong, add the closing quote (")</source>
            <translation>{place}：此单元格中{where}开始的引号没有闭合，因此{what}被读入了这一个单元格；如果这不对，请补上闭合引号（"）</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="83" />
            <source>a cell holds more than {limit} characters (it runs at least {n} bytes without a delimiter or a line break), more than the limit; the file was not read further</source>
            <translation>某个单元格超过 {limit} 个字符（至少连续 {n} 字节没有分隔符或换行），超出限制；文件未再继续读取</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="219" />
            <source> (on line {line})</source>
            <translation>（第 {line} 行）</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="267" />
            <source>the file has no rows</source>
            <translation>文件没有任何行</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="278" />
            <source>row 1 above the header row was skipped</source>
            <translation>表头行上方的第 1 行已跳过</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="30" />
            <location filename="engine/data/read_excel.py" line="40" />
            <source>the file is larger than the limit of {limit} bytes</source>
            <translation>文件大小超过 {limit} 字节的上限</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="154" />
            <source>the delimiter must be one character (not a quote or line break), not {delimiter!r}</source>
            <translation>分隔符必须是一个字符（不能是引号或换行符），而不是 {delimiter!r}</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="161" />
            <source>the file is {kind}, not delimited text.{hint}</source>
            <translation>该文件是{kind}，不是分隔文本。{hint}</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="222" />
            <source> ({lines} lines, {rowlike} of which look like rows of the table)</source>
            <translation>（{lines} 行，其中 {rowlike} 行看起来像表格的行）</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="223" />
            <source> ({lines} lines)</source>
            <translation>（{lines} 行）</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="225" />
            <source>the quote that opens in this cell{where} is never closed, so {what} would be read into this one cell; add the missing closing quote (") or remove the stray one</source>
            <translation>此单元格中{where}开始的引号没有闭合，{what}将被读入这一个单元格；请补上缺少的闭合引号（"），或删除多余的引号</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="330" />
            <location filename="engine/data/read_csv.py" line="511" />
            <source>row {row}{more} has fewer fields than the header; the missing fields are read as missing values</source>
            <translation>第 {row} 行{more}的字段比表头少；缺少的字段按缺失值读取</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="96" />
            <source>"{encoding}" is not a text encoding this program knows</source>
            <translation>“{encoding}”不是本程序认识的文本编码</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="101" />
            <source>the file is not valid {encoding} text (byte {byte}); it was probably saved in another encoding: choose the right one, or save it as UTF-8</source>
            <translation>文件不是有效的 {encoding} 文本（第 {byte} 字节）；它可能是用其他编码保存的：请选择正确的编码，或另存为 UTF-8</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="260" />
            <source>the header row {row} is empty: choose the row that holds the column names</source>
            <translation>表头行 {row} 为空：请选择包含列名的行</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="269" />
            <source>the header row cannot be read: {error}</source>
            <translation>无法读取表头行：{error}</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="277" />
            <source>rows 1-{last} above the header row were skipped</source>
            <translation>表头行上方的第 1-{last} 行已跳过</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="286" />
            <source>the row cannot be read: {error}</source>
            <translation>无法读取该行：{error}</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="264" />
            <source>the header row {row} is below the last row ({last}): choose the row that holds the column names</source>
            <translation>表头行 {row} 在最后一行（{last}）之下：请选择包含列名的行</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="314" />
            <source>the row has {fields} fields but the header has {width}; a delimiter ("{delimiter}") inside a value, or a missing quote?</source>
            <translation>该行有 {fields} 个字段，而表头有 {width} 个；是值中含有分隔符（"{delimiter}"），还是缺少引号？</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="179" />
            <source>the sheet is empty</source>
            <translation>工作表为空</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="50" />
            <source>plain text (a CSV file renamed?)</source>
            <translation>纯文本（被改名的 CSV 文件？）</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="50" />
            <source>not a workbook</source>
            <translation>不是工作簿</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="51" />
            <source> Rename it to .csv and open it again.</source>
            <translation>请将其改名为 .csv 后重新打开。</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="59" />
            <source>the workbook is password-protected; save an unprotected copy</source>
            <translation>工作簿受密码保护；请另存一份未加保护的副本</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="101" />
            <source>the workbook has no worksheets</source>
            <translation>工作簿中没有工作表</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="187" />
            <source>above the first filled row</source>
            <translation>在第一个非空行之上</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="54" />
            <source>the file is {kind}, not an Excel workbook ({suffix}).{hint}</source>
            <translation>该文件是{kind}，不是 Excel 工作簿（{suffix}）。{hint}</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="115" />
            <source>the first sheet ("{first}") is not a table; the sheet "{sheet}" was read (choose another sheet to read that one)</source>
            <translation>第一个工作表（“{first}”）不是表格；已读取工作表“{sheet}”（如需读取其他工作表，请另行选择）</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="188" />
            <source>empty</source>
            <translation>为空</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="201" />
            <source>row {row} ("{title}") looks like a title above the table and was skipped: the column names are read from row {header}</source>
            <translation>第 {row} 行（“{title}”）看起来是表格上方的标题，已跳过：列名从第 {header} 行读取</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="225" />
            <source>{n} blank row(s) inside the sheet were skipped</source>
            <translation>工作表中的 {n} 个空行已跳过</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="62" />
            <source>the workbook cannot be read ({reason}); it may be damaged or truncated</source>
            <translation>无法读取工作簿（{reason}）；它可能已损坏或不完整</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="155" />
            <source>the sheet has {rows} rows x {columns} columns, more than the limit of {limit} cells</source>
            <translation>工作表有 {rows} 行 × {columns} 列，超过 {limit} 个单元格的上限</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="164" />
            <source>the sheet cannot be read ({reason}); the workbook may be damaged</source>
            <translation>无法读取工作表（{reason}）；工作簿可能已损坏</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="189" />
            <source>the header row {row} is {where}: choose the row that holds the column names</source>
            <translation>表头行 {row} {where}：请选择包含列名的行</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="66" />
            <source>the workbook cannot be read ({reason}); it is damaged</source>
            <translation>无法读取工作簿（{reason}）；它已损坏</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="106" />
            <source>there is no sheet "{sheet}"; the sheets are: {sheets}</source>
            <translation>没有工作表“{sheet}”；现有工作表：{sheets}</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="169" />
            <source>the sheet cannot be read ({reason}); the workbook is damaged</source>
            <translation>无法读取工作表（{reason}）；工作簿已损坏</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="188" />
            <source>below the last row ({last})</source>
            <translation>在最后一行（{last}）之下</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="193" />
            <source>rows {first}-{last} above the header row were skipped</source>
            <translation>表头行上方的第 {first}-{last} 行已跳过</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="195" />
            <source>row {row} above the header row was skipped</source>
            <translation>表头行上方的第 {row} 行已跳过</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="16" />
            <source>a PDF document</source>
            <translation>PDF 文档</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="17" />
            <source>a PNG image</source>
            <translation>PNG 图像</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="18" />
            <source>a JPEG image</source>
            <translation>JPEG 图像</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="19" />
            <source>a GIF image</source>
            <translation>GIF 图像</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="20" />
            <source>a gzip archive</source>
            <translation>gzip 压缩包</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="21" />
            <source>a 7-Zip archive</source>
            <translation>7-Zip 压缩包</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="22" />
            <source>a RAR archive</source>
            <translation>RAR 压缩包</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="23" />
            <source>an SQLite database</source>
            <translation>SQLite 数据库</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="24" />
            <source>a program</source>
            <translation>可执行程序</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="173" />
            <source>Chinese (GB18030)</source>
            <translation>中文（GB18030）</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="173" />
            <source>Japanese (Shift-JIS)</source>
            <translation>日文（Shift-JIS）</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="174" />
            <source>Japanese (EUC-JP)</source>
            <translation>日文（EUC-JP）</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="174" />
            <source>Traditional Chinese (Big5)</source>
            <translation>繁体中文（Big5）</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="175" />
            <source>Korean (EUC-KR)</source>
            <translation>韩文（EUC-KR）</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="177" />
            <source>Chinese</source>
            <translation>中文</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="177" />
            <location filename="engine/data/sniff.py" line="177" />
            <source>Japanese</source>
            <translation>日文</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="178" />
            <source>Traditional Chinese</source>
            <translation>繁体中文</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="178" />
            <source>Korean</source>
            <translation>韩文</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="31" />
            <source>a zip archive (an .xlsx workbook is one)</source>
            <translation>zip 压缩包（.xlsx 工作簿就是一种 zip 压缩包）</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="33" />
            <source>an old-format Excel (.xls) or password-protected workbook</source>
            <translation>旧格式 Excel（.xls）或受密码保护的工作簿</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="98" />
            <source>the file holds very little non-ASCII text to tell its encoding by</source>
            <translation>文件中的非 ASCII 文本太少，难以判断其编码</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="269" />
            <source>{n} of its characters are control or unassigned characters</source>
            <translation>其中有 {n} 个字符是控制字符或未分配字符</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="253" />
            <source>only {share} of its non-ASCII characters are everyday {language} characters, a sign of a wrong encoding</source>
            <translation>其非 ASCII 字符中只有 {share} 是常用{language}字符，这表明编码可能有误</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="256" />
            <source>the bytes read about as well as {encodings}</source>
            <translation>这些字节按 {encodings} 读取也大致可行</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="274" />
            <source>{share} of its letters are accented Latin letters, typical of Cyrillic, Greek or other text read in the wrong encoding</source>
            <translation>其字母中有 {share} 是带重音的拉丁字母，这是西里尔文、希腊文或其他文本以错误编码读取时的典型现象</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="251" />
            <source>only {share} of its non-ASCII characters are everyday {language} characters, a sign of a wrong encoding (it also reads as {others})</source>
            <translation>其非 ASCII 字符中只有 {share} 是常用{language}字符，这表明编码可能有误（它也可按 {others} 读取）</translation>
        </message>
        <message>
            <location filename="engine/data/sniff.py" line="257" />
            <source> or </source>
            <translation> 或 </translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="122" />
            <source>must be at most {most} (express costs in a larger unit)</source>
            <translation>必须至多为 {most}（请用更大的单位表示代价）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="135" />
            <source>no target column is chosen</source>
            <translation>尚未选择目标列</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="277" />
            <source>an order of values is only for ordinal attributes</source>
            <translation>取值顺序仅适用于有序型属性</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="310" />
            <source>an attribute cannot be its own prerequisite</source>
            <translation>属性不能是它自己的前置属性</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="357" />
            <source>no attribute is in use besides the target</source>
            <translation>除目标列外没有使用任何属性</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="365" />
            <location filename="engine/data/spec/checks.py" line="303" />
            <location filename="engine/data/spec/checks.py" line="392" />
            <source>must not be negative</source>
            <translation>不能为负</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="372" />
            <source>must be a positive number, or empty for no budget</source>
            <translation>必须是正数，或留空表示不设预算</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="430" />
            <source>a label appears twice</source>
            <translation>某个标签出现了两次</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="512" />
            <location filename="engine/guideline.py" line="112" />
            <source> (and 1 more problem)</source>
            <translation>（另有 1 个问题）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="384" />
            <source>batch group "{name}"</source>
            <translation>批量属性组“{name}”</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="385" />
            <location filename="engine/data/spec/settings.py" line="80" />
            <source>batch group {number}</source>
            <translation>批量属性组 {number}</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="387" />
            <source>every batch group needs a name</source>
            <translation>每个批量属性组都需要名称</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="434" />
            <source>{rows} rows of {widths} entries</source>
            <translation>{rows} 行，每行 {widths} 项</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="164" />
            <source>the class "{value}" appears twice</source>
            <translation>类别“{value}”出现了两次</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="173" />
            <source>"{value}" is not a class of column "{target}" (classes: {classes})</source>
            <translation>“{value}”不是列“{target}”的类别（类别：{classes}）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="196" />
            <source>the hierarchy has a cycle: {cycle}</source>
            <translation>类别层次中有环：{cycle}</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="202" />
            <source>the hierarchy has {n_roots} top labels ({roots}); give them one common parent</source>
            <translation>类别层次有 {n_roots} 个顶层标签（{roots}）；请为它们指定一个共同的父标签</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="294" />
            <source>"{name}" is nominal (unordered), so it cannot have a monotone direction; make it ordinal or numeric first</source>
            <translation>“{name}”是名义型（无序），因此不能有单调方向；请先将其设为有序型或数值型</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="343" />
            <source>the prerequisites form a cycle: {cycle}</source>
            <translation>前置属性构成了环：{cycle}</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="436" />
            <source>must be {k} x {k} (one row and column per label), not {shape}</source>
            <translation>必须是 {k} × {k}（每个标签一行一列），而不是 {shape}</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="451" />
            <source>costs must not be negative</source>
            <translation>代价不能为负</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="459" />
            <source>"{positive_class}" is not a class of "{target}" (classes: {classes})</source>
            <translation>“{positive_class}”不是“{target}”的类别（类别：{classes}）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="513" />
            <location filename="engine/guideline.py" line="111" />
            <source> (and {n} more problems)</source>
            <translation>（另有 {n} 个问题）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="137" />
            <source>there is no column "{target}" in the data (columns: {columns})</source>
            <translation>数据中没有列“{target}”（列：{columns}）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="167" />
            <source>the class "{cls}" of the data is not in the class order (nor {n} more)</source>
            <translation>数据中的类别“{cls}”不在类别顺序中（另有 {n} 个也不在）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="169" />
            <source>the class "{cls}" of the data is not in the class order</source>
            <translation>数据中的类别“{cls}”不在类别顺序中</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="191" />
            <source>"{child}" cannot be its own parent</source>
            <translation>“{child}”不能是它自己的父标签</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="207" />
            <source>the class "{c}" is not in the hierarchy</source>
            <translation>类别“{c}”不在类别层次中</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="210" />
            <source>the class "{c}" of the data has sub-classes in the hierarchy; classes of the data must be its leaves</source>
            <translation>数据中的类别“{c}”在类别层次中有子类别；数据中的类别必须是层次的叶节点</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="252" />
            <source>there is no column "{name}" in the data</source>
            <translation>数据中没有列“{name}”</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="270" />
            <source>column "{name}" holds text among its numbers (e.g. "{value}"); read those cells as missing to make it numeric</source>
            <translation>列“{name}”的数字中夹有文本（例如“{value}”）；把这些单元格读作缺失值即可使其成为数值型</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="274" />
            <source>column "{name}" holds text (e.g. "{value}"); it cannot be numeric</source>
            <translation>列“{name}”含有文本（例如“{value}”）；它不能是数值型</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="290" />
            <source> (row {row})</source>
            <translation>（第 {row} 行）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="396" />
            <source>{label} needs at least two attributes</source>
            <translation>{label}至少需要两个属性</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="443" />
            <source>the class "{value}" has no row and column in the cost matrix</source>
            <translation>类别“{value}”在代价矩阵中没有对应的行和列</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="446" />
            <source>"{label}" in the cost matrix is not a class of "{target}"</source>
            <translation>代价矩阵中的“{label}”不是“{target}”的类别</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="142" />
            <source>the target column "{target}" is empty (every value is missing)</source>
            <translation>目标列“{target}”为空（所有值都缺失）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="281" />
            <source>ordinal column "{name}" holds text; give the order of its values</source>
            <translation>有序型列“{name}”含有文本；请给出其取值顺序</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="286" />
            <source>the value "{value}" appears twice</source>
            <translation>取值“{value}”出现了两次</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="291" />
            <source>the value "{value}"{where} is not in the order</source>
            <translation>取值“{value}”{where}不在顺序中</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="314" />
            <source>"{pre}" is not an attribute of the data</source>
            <translation>“{pre}”不是数据中的属性</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="389" />
            <source>two batch groups are named "{name}"</source>
            <translation>有两个批量属性组都名为“{name}”</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="401" />
            <source>"{member}" in {label} is not an attribute of the data</source>
            <translation>{label}中的“{member}”不是数据中的属性</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="405" />
            <source>"{member}" in {label} is not in use</source>
            <translation>{label}中的“{member}”未被使用</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="408" />
            <source>"{member}" is in two batch groups ("{other}" and "{name}")</source>
            <translation>“{member}”同时在两个批量属性组中（“{other}”和“{name}”）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="416" />
            <source>the common cost {common_cost} is more than the test cost of "{member}" ({test_cost}); a member's test cost includes the common cost</source>
            <translation>公共代价 {common_cost} 大于“{member}”的测试代价（{test_cost}）；成员的测试代价包含公共代价</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="145" />
            <source>the target column "{target}" has only one class ("{cls}"); there is nothing to learn</source>
            <translation>目标列“{target}”只有一个类别（“{cls}”）；没有可学习的内容</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="316" />
            <source>the prerequisite "{pre}" is not in use</source>
            <translation>前置属性“{pre}”未被使用</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="148" />
            <source>the target column "{target}" has a class named "{pending}", which is the name of the pending answer (not decided yet); rename that class in the data</source>
            <translation>目标列“{target}”中有一个名为“{pending}”的类，这是“待定”答案（尚未决定）的名称；请在数据中重命名该类</translation>
        </message>
        <message>
            <location filename="engine/data/spec/checks.py" line="152" />
            <source>the target column "{target}" holds {n_classes} different numbers; this program learns classes, not a continuous quantity: discretise it first</source>
            <translation>目标列“{target}”含有 {n_classes} 个不同的数值；本程序学习的是类别，而不是连续量：请先将其离散化</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="25" />
            <source>the settings must be a JSON object</source>
            <translation>设置必须是 JSON 对象</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="32" />
            <source>must map each label to its parent label</source>
            <translation>必须将每个标签映射到其父标签</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="42" />
            <source>must map column names to their settings</source>
            <translation>必须将列名映射到其设置</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="49" />
            <source>must be a list of groups</source>
            <translation>必须是批量属性组的列表</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="94" />
            <source>must be a list of labels</source>
            <translation>必须是标签列表</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="108" />
            <location filename="engine/tree/check.py" line="462" />
            <location filename="engine/tree/check.py" line="516" />
            <source>must be a finite number</source>
            <translation>必须是有限数</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="114" />
            <source>must be an object of settings</source>
            <translation>必须是设置对象</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="118" />
            <location filename="engine/tree/check.py" line="100" />
            <location filename="engine/tree/check.py" line="132" />
            <location filename="engine/tree/check.py" line="320" />
            <source>must be true or false</source>
            <translation>必须是 true 或 false</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="150" />
            <source>must be an object with name, attributes and common_cost</source>
            <translation>必须是含有 name、attributes 和 common_cost 的对象</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="160" />
            <source>must be an object with labels and matrix</source>
            <translation>必须是含有 labels 和 matrix 的对象</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="164" />
            <location filename="engine/tree/check.py" line="85" />
            <source>is missing</source>
            <translation>缺失</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="166" />
            <source>must be a list of rows</source>
            <translation>必须是行的列表</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="36" />
            <source>the parent must be a label</source>
            <translation>父标签必须是一个标签</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="106" />
            <source>must be a finite number (this one is too large)</source>
            <translation>必须是有限数（此值太大）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="102" />
            <source>must be a number, not {value}</source>
            <translation>必须是数字，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="130" />
            <source>must be "increasing", "decreasing" or "none", not {value}</source>
            <translation>必须是 "increasing"、"decreasing" 或 "none"，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="123" />
            <source>must be "numeric", "ordinal" or "nominal", not {value}</source>
            <translation>必须是 "numeric"、"ordinal" 或 "nominal"，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/data/spec/reading.py" line="176" />
            <source>must be a finite number, not {value}</source>
            <translation>必须是有限数，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="37" />
            <source>order of values</source>
            <translation>取值顺序</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="37" />
            <source>monotone direction</source>
            <translation>单调方向</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="37" />
            <source>use</source>
            <translation>是否使用</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="38" />
            <source>waiting time</source>
            <translation>等待时间</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="39" />
            <source>prerequisite</source>
            <translation>前置属性</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="39" />
            <source>fuzzy term names</source>
            <translation>模糊语义值名称</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="40" />
            <source>fuzzy term centres</source>
            <translation>模糊语义值中心</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="41" />
            <source>name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="41" />
            <source>members</source>
            <translation>成员属性</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="41" />
            <source>common cost</source>
            <translation>公共代价</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="41" />
            <source>classes</source>
            <translation>类别</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="42" />
            <source>costs</source>
            <translation>代价</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="44" />
            <location filename="engine/settings_words.py" line="70" />
            <source>target</source>
            <translation>目标列</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="44" />
            <location filename="engine/settings_words.py" line="72" />
            <source>class order</source>
            <translation>类别顺序</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="44" />
            <source>attributes</source>
            <translation>属性</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="45" />
            <location filename="engine/settings_words.py" line="86" />
            <source>cost per time unit</source>
            <translation>单位时间代价</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="45" />
            <location filename="engine/settings_words.py" line="100" />
            <source>budget</source>
            <translation>预算</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="46" />
            <location filename="engine/settings_words.py" line="74" />
            <source>positive class</source>
            <translation>正类</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="154" />
            <source>must be a list of names (texts), lowest term first</source>
            <translation>必须是名称（文本）列表，最低的模糊语义值在前</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="156" />
            <source>give at least one name, or leave the setting out for the default names</source>
            <translation>请至少给出一个名称，或省略此设置以使用默认名称</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="175" />
            <source>must be a list of numbers, lowest first</source>
            <translation>必须是数字列表，小者在前</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="177" />
            <source>give at least one centre, or leave the setting out for Kohonen's</source>
            <translation>请至少给出一个中心，或省略此设置以使用 Kohonen 的中心</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="83" />
            <source>class hierarchy</source>
            <translation>类别层次</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="86" />
            <source>cost matrix</source>
            <translation>代价矩阵</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="146" />
            <source>{centres} centres for {names} term names; give one centre per name</source>
            <translation>{centres} 个中心对应 {names} 个模糊语义值名称；请为每个名称给出一个中心</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="158" />
            <source>{n} names; an attribute has at most {most} fuzzy terms</source>
            <translation>{n} 个名称；一个属性至多有 {most} 个模糊语义值</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="162" />
            <source>name {number} is empty; every term needs a name</source>
            <translation>第 {number} 个名称为空；每个模糊语义值都需要名称</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="179" />
            <source>{n} centres; an attribute has at most {most} fuzzy terms</source>
            <translation>{n} 个中心；一个属性至多有 {most} 个模糊语义值</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="183" />
            <source>must be finite numbers, not {value}</source>
            <translation>必须是有限数，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="75" />
            <source>attribute "{name}", {setting}</source>
            <translation>属性“{name}”，{setting}</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="75" />
            <source>attribute "{name}"</source>
            <translation>属性“{name}”</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="80" />
            <source>batch group {number}, {setting}</source>
            <translation>批量属性组 {number}，{setting}</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="83" />
            <source>class hierarchy, class "{cls}"</source>
            <translation>类别层次，类别“{cls}”</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="85" />
            <source>cost matrix, {setting}</source>
            <translation>代价矩阵，{setting}</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="166" />
            <source>the name "{name}" appears twice</source>
            <translation>名称“{name}”出现了两次</translation>
        </message>
        <message>
            <location filename="engine/data/spec/settings.py" line="187" />
            <source>must increase strictly: centre {number} ({here}) is not above centre {previous} ({before})</source>
            <translation>必须严格递增：第 {number} 个中心（{here}）不大于第 {previous} 个中心（{before}）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/trust.py" line="61" />
            <source>must be an object of settings ({keys})</source>
            <translation>必须是一个设置对象（{keys}）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/trust.py" line="65" />
            <source>is not a trust setting (known: {keys})</source>
            <translation>不是可信度设置（已知：{keys}）</translation>
        </message>
        <message>
            <location filename="engine/data/spec/trust.py" line="73" />
            <source>must be {low} {low_op} x {high_op} {high}, not {value}</source>
            <translation>必须满足 {low} {low_op} x {high_op} {high}，而不是 {value}</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="361" />
            <source>a control character</source>
            <translation>一个控制字符</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="163" />
            <source>column "{name}": {n} cell(s) holding {texts} read as missing</source>
            <translation>列“{name}”：{n} 个内容为 {texts} 的单元格读作缺失值</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="381" />
            <source>the first row is empty; the first row must name the columns</source>
            <translation>第一行为空；第一行必须给出列名</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="408" />
            <source>the table has a header but no data rows</source>
            <translation>表格有表头，但没有数据行</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="582" />
            <source>column "{name}" is numeric except for "{text}" in row {row}{more}; it is read as nominal (text). Fix those cells, or read them as missing, to use it as a number.</source>
            <translation>列“{name}”除第 {row} 行的“{text}”{more}外都是数字；它被读作名义型（文本）。修正这些单元格，或把它们读作缺失值，即可作为数字使用。</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="328" />
            <source>the header cell is longer than 1,000 characters; is the first row really a header?</source>
            <translation>表头单元格超过 1,000 个字符；第一行真的是表头吗？</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="362" />
            <source>{n} control or text-direction characters in the table, the first</source>
            <translation>表格中有 {n} 个控制字符或文字方向字符，第一个</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="364" />
            <source>{place}: {count} ({char}) is shown as the escape "{escape}" (such characters would disturb the screen, exports and other programs). Check the file: it may be damaged or tampered with.</source>
            <translation>{place}：{count}（{char}）显示为转义“{escape}”（这类字符会扰乱屏幕显示、导出文件和其他程序）。请检查文件：它可能已损坏或被篡改。</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="565" />
            <source>column "{name}" holds numbers written with {formats} (e.g. "{example}"); they are read as numbers ({example} = {value})</source>
            <translation>列“{name}”中的数字带有{formats}（例如“{example}”）；已按数字读取（{example} = {value}）</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="580" />
            <source> and {n} more</source>
            <translation>及另外 {n} 处</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="164" />
            <location filename="engine/data/table.py" line="567" />
            <location filename="engine/errors.py" line="63" />
            <location filename="engine/sessions.py" line="156" />
            <source>, </source>
            <translation>，</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="410" />
            <source>{n} columns is more than the limit of {limit}</source>
            <translation>{n} 列超过 {limit} 列的上限</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="413" />
            <source>{rows} rows x {columns} columns is more than the limit of {limit} cells</source>
            <translation>{rows} 行 × {columns} 列超过 {limit} 个单元格的上限</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="510" />
            <location filename="engine/data/table.py" line="615" />
            <source>a cell holds {n} characters, more than the limit of {limit}</source>
            <translation>单元格有 {n} 个字符，超过 {limit} 的上限</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="694" />
            <source>the value is not a finite number ({value}: too large, or infinity); fix or clear the cell</source>
            <translation>该值不是有限数（{value}：过大或为无穷大）；请修正或清空该单元格</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="335" />
            <source>the header names "{name}" twice (columns {first} and {second}); give each column its own name</source>
            <translation>表头中“{name}”出现了两次（第 {first} 列和第 {second} 列）；请给每列取不同的名字</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="397" />
            <source>column {column} has values (first in row {row}) but no name in the header row (row {header}; if the column names are on another row, choose it: Header row on the Data tab, or --header-row N)</source>
            <translation>第 {column} 列有值（首个在第 {row} 行），但在表头行（第 {header} 行）中没有列名；如果列名在另一行，请选择该行：“数据”页的“表头行”，或 --header-row N</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="723" />
            <source>the value "{value}" is not among the values the header declares ({values})</source>
            <translation>值“{value}”不在表头声明的取值之中（{values}）</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="26" />
            <source>pruning removed every split (none was worth its cost)</source>
            <translation>剪枝去掉了所有分裂（没有一个值得其代价）</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="27" />
            <source>cost-complexity pruning at this ccp_alpha removed every split</source>
            <translation>该 ccp_alpha 下的代价复杂度剪枝去掉了所有分裂</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="28" />
            <source>cost_stop: no split's test and waiting costs are paid back by the errors it prevents</source>
            <translation>cost_stop：没有一个分裂所避免的错误能抵偿其测试代价和等待时间代价</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="29" />
            <source>no split's score reached the threshold</source>
            <translation>没有一个分裂的得分达到阈值</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="30" />
            <source>no split's rank mutual information reached epsilon</source>
            <translation>没有一个分裂的排序互信息达到 epsilon</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="31" />
            <source>β0: one class already holds that share of the root's mass</source>
            <translation>β0：根节点上已有一个类别占到该比例的质量</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="32" />
            <source>β: a class's subsethood already reaches the truth level at the root</source>
            <translation>β：根节点上已有一个类别的子集度达到真值水平</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="33" />
            <source>the membership mass is below min_membership</source>
            <translation>隶属度质量低于 min_membership</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="34" />
            <source>the root's children would hold less than min_mass_share of its mass</source>
            <translation>根节点的子节点所含隶属度质量会低于 min_mass_share 所定的份额</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="35" />
            <source>no split leaves min_cases cases in two branches</source>
            <translation>没有一个分裂能在两个分支中各留下 min_cases 个样本</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="36" />
            <source>the rows are fewer than min_samples_split</source>
            <translation>行数少于 min_samples_split</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="37" />
            <source>no split leaves min_samples_leaf cases on each side</source>
            <translation>没有一个分裂能在每一侧留下 min_samples_leaf 个样本</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="47" />
            <source>every training row has the same class, so there is nothing to split</source>
            <translation>所有训练行都属于同一类别，因此无可分裂</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="66" />
            <source>the guideline has only its default (ELSE …): write rules before it</source>
            <translation>指南只有默认类别（否则 …）：请在它之前写规则</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="68" />
            <source>M2 stops where no split's test and waiting costs are paid back by the misclassification cost it saves: lower the test costs, raise the misclassification costs, or try mincost</source>
            <translation>当没有一个分裂所节省的误分类代价能抵偿其测试代价和等待时间代价时，M2 停止：请降低测试代价、提高误分类代价，或尝试 mincost</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="70" />
            <source>no attribute separates the classes under {algorithm}'s criterion; check the attributes in use and the target</source>
            <translation>在 {algorithm} 的准则下没有属性能区分各类别；请检查所用属性和目标列</translation>
        </message>
        <message>
            <location filename="engine/diagnostics.py" line="63" />
            <source>{what} ({name} = {value}); with {name} = {relaxed} the tree has {leaves} leaves</source>
            <translation>{what}（{name} = {value}）；当 {name} = {relaxed} 时决策树有 {leaves} 个叶节点</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="64" />
            <source>split</source>
            <translation>划分</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="64" />
            <source>move the cut</source>
            <translation>移动切分点</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="64" />
            <source>regroup the branches</source>
            <translation>重新分组分支</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="65" />
            <source>prune to a leaf</source>
            <translation>剪枝为叶节点</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="65" />
            <source>relabel</source>
            <translation>改标签</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="65" />
            <source>lock</source>
            <translation>锁定</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="65" />
            <source>unlock</source>
            <translation>解锁</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="66" />
            <source>regrow below</source>
            <translation>向下重新生长</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="331" />
            <source>a split</source>
            <translation>划分</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="388" />
            <source>regrowing</source>
            <translation>重新生长</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="266" />
            <source>a split needs at least two branches</source>
            <translation>划分至少需要两个分支</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="341" />
            <source>only a split at a number has a cut to move</source>
            <translation>只有按数值的划分才有可移动的切分点</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="343" />
            <source>moving a cut needs the new cut</source>
            <translation>移动切分点需要给出新的切分点</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="353" />
            <source>only a split on categories has branches to regroup</source>
            <translation>只有按类别的划分才有可重新分组的分支</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="355" />
            <source>regrouping needs the groups of values</source>
            <translation>重新分组需要给出取值组</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="374" />
            <source>only a leaf is relabelled (prune the node first)</source>
            <translation>只有叶节点可以改标签（请先剪枝该节点）</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="523" />
            <source>the model has no edit to undo</source>
            <translation>模型没有可撤销的编辑</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="533" />
            <source>the model has no undone edit to redo</source>
            <translation>模型没有可重做的已撤销编辑</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="253" />
            <source>a group of values is empty</source>
            <translation>有一个取值组是空的</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="138" />
            <source>{what} at {path}</source>
            <translation>在 {path} {what}</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="233" />
            <source>the data has no attribute "{name}"</source>
            <translation>数据中没有属性“{name}”</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="240" />
            <source>{what} needs a tree of crisp one-attribute tests (this one has fuzzy or combined tests): prune, relabel and lock work on it</source>
            <translation>{what}需要每个节点只检验一个属性的清晰决策树（这棵树有模糊或组合检验）：剪枝、改标签和锁定可以用于它</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="280" />
            <source>"{attribute}" is a number: give the cut (e.g. {attribute} &lt;= 50)</source>
            <translation>“{attribute}”是数值属性：请给出切分点（例如 {attribute} &lt;= 50）</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="376" />
            <source>"{label}" is not one of the answers ({labels})</source>
            <translation>“{label}”不是可选的答案之一（{labels}）</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="429" />
            <source>the learner grew a tree with other answers here ({labels}): it cannot be grafted</source>
            <translation>学习器在此长出的树答案不同（{labels}）：无法嫁接</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="506" />
            <source>the tree was made by "{algorithm}", which is no learner of this version: an edit regrows and recounts the tree with the learner that made it</source>
            <translation>这棵树由“{algorithm}”生成，它不是本版本的学习算法：编辑需要用生成该树的学习算法重新生长并重新计数</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="82" />
            <source>"{op}" is not an edit (edits: {ops})</source>
            <translation>“{op}”不是一种编辑（可用的编辑：{ops}）</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="196" />
            <source>the node {path} is locked (at {locked}): unlock it before editing it</source>
            <translation>节点 {path} 已锁定（锁定于 {locked}）：编辑前请先解锁</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="276" />
            <source>"{attribute}" is a category: split it by groups of values, not at a number</source>
            <translation>“{attribute}”是类别属性：按取值组划分，而不是按数值切分</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="256" />
            <source>"{value}" is not a value of "{attribute}" (its values: {values})</source>
            <translation>“{value}”不是“{attribute}”的取值（其取值：{values}）</translation>
        </message>
        <message>
            <location filename="engine/edits.py" line="259" />
            <source>the value "{value}" is in two groups</source>
            <translation>取值“{value}”出现在两个取值组中</translation>
        </message>
        <message>
            <location filename="engine/errors.py" line="130" />
            <source>cancelled by the user</source>
            <translation>已被用户取消</translation>
        </message>
        <message>
            <location filename="engine/errors.py" line="67" />
            <source>{place}: {message}</source>
            <translation>{place}：{message}</translation>
        </message>
        <message>
            <location filename="engine/errors.py" line="51" />
            <source>file "{name}"</source>
            <translation>文件“{name}”</translation>
        </message>
        <message>
            <location filename="engine/errors.py" line="53" />
            <source>sheet "{sheet}"</source>
            <translation>工作表“{sheet}”</translation>
        </message>
        <message>
            <location filename="engine/errors.py" line="55" />
            <source>row {row}</source>
            <translation>第 {row} 行</translation>
        </message>
        <message>
            <location filename="engine/errors.py" line="62" />
            <source>setting {field}</source>
            <translation>设置项 {field}</translation>
        </message>
        <message>
            <location filename="engine/errors.py" line="58" />
            <source>column {column}</source>
            <translation>第 {column} 列</translation>
        </message>
        <message>
            <location filename="engine/errors.py" line="60" />
            <source>column "{column}"</source>
            <translation>列“{column}”</translation>
        </message>
        <message>
            <location filename="engine/evaluate.py" line="226" />
            <location filename="engine/trust/stability.py" line="203" />
            <source>done</source>
            <translation>完成</translation>
        </message>
        <message>
            <location filename="engine/evaluate.py" line="152" />
            <source>repeats must be a whole number from 1 to {most}, not {repeats}</source>
            <translation>重复次数必须是 1 到 {most} 的整数，而不是 {repeats}</translation>
        </message>
        <message>
            <location filename="engine/evaluate.py" line="160" />
            <source>the folds must be a whole number from 2 to {most}, not {cv}</source>
            <translation>折数必须是 2 到 {most} 的整数，而不是 {cv}</translation>
        </message>
        <message>
            <location filename="engine/evaluate.py" line="164" />
            <source>{cv} folds need at least {cv} rows, and the data has {rows} (leave-one-out is {rows} folds)</source>
            <translation>{cv} 折至少需要 {cv} 行，而数据只有 {rows} 行（留一法即 {rows} 折）</translation>
        </message>
        <message>
            <location filename="engine/evaluate.py" line="167" />
            <source>{cv} folds x {repeats} repeats is {fits} fits; at most {most}</source>
            <translation>{cv} 折 × {repeats} 次重复共需 {fits} 次训练；至多 {most} 次</translation>
        </message>
        <message>
            <location filename="engine/evaluate.py" line="39" />
            <source>class {cls} has {n} case(s), fewer than the {k} folds</source>
            <translation>类别 {cls} 只有 {n} 个样本，少于折数 {k}</translation>
        </message>
        <message>
            <location filename="engine/evaluate.py" line="156" />
            <source>the hold-out share must lie between 0 and 1, not {holdout}</source>
            <translation>留出比例必须在 0 到 1 之间，而不是 {holdout}</translation>
        </message>
        <message>
            <location filename="engine/evaluate.py" line="222" />
            <source>fold {fold} of {folds}</source>
            <translation>第 {fold} 折（共 {folds} 折）</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="309" />
            <source>row</source>
            <translation>行</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="309" />
            <source>prediction</source>
            <translation>预测</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="309" />
            <source>attributes used</source>
            <translation>所用属性</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="310" />
            <location filename="engine/xlsx_calculator.py" line="78" />
            <location filename="engine/xlsx_calculator.py" line="280" />
            <source>rule that fired</source>
            <translation>所用规则</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="310" />
            <location filename="engine/sessions.py" line="442" />
            <source>warning</source>
            <translation>警告</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="159" />
            <location filename="engine/report.py" line="281" />
            <location filename="engine/report.py" line="520" />
            <location filename="engine/xlsx_calculator.py" line="70" />
            <source>Rules</source>
            <translation>规则</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="172" />
            <location filename="engine/report.py" line="281" />
            <location filename="engine/report.py" line="509" />
            <source>Tree</source>
            <translation>决策树</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="188" />
            <location filename="engine/report.py" line="281" />
            <location filename="engine/report.py" line="481" />
            <source>metric</source>
            <translation>指标</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="188" />
            <source>std</source>
            <translation>标准差</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="194" />
            <source>Metrics</source>
            <translation>指标</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="206" />
            <source>Settings</source>
            <translation>设置</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="253" />
            <source>Levels</source>
            <translation>层次</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="327" />
            <source>Predictions</source>
            <translation>预测</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="136" />
            <source>label level</source>
            <translation>标签层次</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="136" />
            <location filename="engine/metrics.py" line="112" />
            <location filename="engine/reproduce/hfdt.py" line="154" />
            <source>label precision</source>
            <translation>标签精度</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="187" />
            <source>training rows, from the leaves' class counts (optimistic)</source>
            <translation>训练集的行，按叶节点的类别计数（偏乐观）</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="190" />
            <source>scored on</source>
            <translation>评估数据</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="206" />
            <source>setting</source>
            <translation>设置项</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="206" />
            <source>value</source>
            <translation>值</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="140" />
            <source>effective cases</source>
            <translation>有效案例数</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="140" />
            <location filename="engine/report.py" line="548" />
            <source>few cases</source>
            <translation>案例过少</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="173" />
            <source>children</source>
            <translation>子节点</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="258" />
            <source>level {level}: rows the true label there, columns the answer</source>
            <translation>第 {level} 层：行为该层的真实标签，列为预测结果</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="138" />
            <location filename="engine/report.py" line="282" />
            <location filename="engine/report.py" line="521" />
            <location filename="engine/xlsx_calculator.py" line="279" />
            <source>support</source>
            <translation>支持度</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="138" />
            <location filename="engine/report.py" line="282" />
            <location filename="engine/report.py" line="521" />
            <location filename="engine/xlsx_calculator.py" line="78" />
            <location filename="engine/xlsx_calculator.py" line="279" />
            <location filename="engine/xlsx_calculator.py" line="334" />
            <source>confidence</source>
            <translation>置信度</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="138" />
            <source>coverage</source>
            <translation>覆盖度</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="172" />
            <source>parent</source>
            <translation>父节点</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="172" />
            <location filename="engine/xlsx_calculator.py" line="334" />
            <source>kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="172" />
            <location filename="engine/xlsx_calculator.py" line="335" />
            <source>test</source>
            <translation>测试</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="172" />
            <location filename="engine/sessions.py" line="439" />
            <location filename="engine/xlsx_calculator.py" line="334" />
            <source>label</source>
            <translation>标签</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="172" />
            <source>weight</source>
            <translation>权重</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="138" />
            <location filename="engine/sessions.py" line="440" />
            <location filename="engine/xlsx_calculator.py" line="78" />
            <location filename="engine/xlsx_calculator.py" line="279" />
            <location filename="engine/xlsx_calculator.py" line="334" />
            <source>rule</source>
            <translation>规则</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="138" />
            <location filename="engine/xlsx_calculator.py" line="279" />
            <source>IF (conditions)</source>
            <translation>如果（条件）</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="138" />
            <location filename="engine/report.py" line="282" />
            <location filename="engine/report.py" line="521" />
            <location filename="engine/xlsx_calculator.py" line="279" />
            <source>THEN</source>
            <translation>则</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="139" />
            <source>{level} % interval: low</source>
            <translation>{level} % 区间：下限</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="139" />
            <source>{level} % interval: high</source>
            <translation>{level} % 区间：上限</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="24" />
            <location filename="engine/sessions.py" line="438" />
            <source>project</source>
            <translation>项目</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="24" />
            <source>model file</source>
            <translation>模型文件</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="24" />
            <location filename="engine/sessions.py" line="438" />
            <source>session</source>
            <translation>咨询会话</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="24" />
            <source>comparison results file</source>
            <translation>比较结果文件</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="24" />
            <source>answers file</source>
            <translation>回答文件</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="102" />
            <source>the disk is full</source>
            <translation>磁盘已满</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="102" />
            <source>the disk quota is used up</source>
            <translation>磁盘配额已用完</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="103" />
            <location filename="engine/fileio.py" line="103" />
            <source>permission denied</source>
            <translation>没有权限</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="104" />
            <source>the file system is read-only</source>
            <translation>文件系统是只读的</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="104" />
            <source>the name is too long</source>
            <translation>名称太长</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="105" />
            <source>it is a folder</source>
            <translation>它是一个文件夹</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="105" />
            <source>the folder does not exist</source>
            <translation>文件夹不存在</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="111" />
            <source>cannot write "{path}": {why}; nothing was changed there</source>
            <translation>无法写入“{path}”：{why}；那里没有任何改动</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="209" />
            <source>the {what} does not exist</source>
            <translation>{what}不存在</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="211" />
            <source>the file is far too large to be a {what}</source>
            <translation>文件太大，不可能是{what}</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="224" />
            <source>the {what} nests lists and objects more than {depth} deep; none of our files does</source>
            <translation>{what}中列表和对象的嵌套超过 {depth} 层；本程序的文件都不会如此</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="82" />
            <source>cannot write "{path}": it is not a regular file (a device, a pipe or a socket); give a file name</source>
            <translation>无法写入“{path}”：它不是普通文件（而是设备、管道或套接字）；请给出文件名</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="86" />
            <source>cannot write "{path}": the folder "{folder}" does not exist</source>
            <translation>无法写入“{path}”：文件夹“{folder}”不存在</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="90" />
            <source>cannot write "{path}": "{folder}" is not a folder</source>
            <translation>无法写入“{path}”：“{folder}”不是文件夹</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="208" />
            <source>the {what} is not a regular file</source>
            <translation>{what}不是普通文件</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="216" />
            <source>the {what} cannot be read: {error}</source>
            <translation>无法读取{what}：{error}</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="221" />
            <source>this is not a RuleTree {what} (not UTF-8 text)</source>
            <translation>这不是 RuleTree 的{what}（不是 UTF-8 文本）</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="233" />
            <source>the {what} is not valid JSON: {error} (line {line}, column {column})</source>
            <translation>{what}不是有效的 JSON：{error}（第 {line} 行，第 {column} 列）</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="238" />
            <source>the {what} holds the number {number} (line {line}, column {column}), too large for any setting</source>
            <translation>{what}中的数字 {number}（第 {line} 行，第 {column} 列）太大，不适用于任何设置项</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="242" />
            <source>the {what} is not valid JSON: {error}</source>
            <translation>{what}不是有效的 JSON：{error}</translation>
        </message>
        <message>
            <location filename="engine/fileio.py" line="79" />
            <source>cannot write "{path}": it is a folder; give a file name</source>
            <translation>无法写入“{path}”：它是一个文件夹；请给出文件名</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="412" />
            <source>the guideline file is not text (save it as UTF-8 text)</source>
            <translation>指南文件不是文本（请保存为 UTF-8 文本）</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="365" />
            <source>ELSE IF (否则如果) follows a rule: the first rule starts with IF (如果)</source>
            <translation>“否则如果”（ELSE IF）要跟在一条规则之后：第一条规则以“如果”（IF）开头</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="371" />
            <source>the guideline has no default: end it with ELSE (否则) and the class to give when no rule applies</source>
            <translation>指南没有默认类别：请以“否则”（ELSE）和没有规则适用时给出的类别结尾</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="108" />
            <source>the guideline, line {line}, column {column}: {message}</source>
            <translation>指南第 {line} 行第 {column} 列：{message}</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="331" />
            <source>the guideline is empty: write rules such as IF age &gt; 50 THEN high; ELSE low</source>
            <translation>指南是空的：请写规则，如 如果 年龄 &gt; 50 则 高；否则 低</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="368" />
            <source>this rule comes after the default (ELSE, 否则): no case would reach it</source>
            <translation>这条规则在默认类别（否则，ELSE）之后：没有样本会到达它</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="389" />
            <source>the guideline file does not exist</source>
            <translation>指南文件不存在</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="390" />
            <source>the guideline file is not a regular file</source>
            <translation>指南文件不是普通文件</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="259" />
            <source>the rule has no THEN (则): write THEN and the class it gives</source>
            <translation>规则缺少“则”（THEN）：请写“则”和它给出的类别</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="261" />
            <source>OR (或) is not part of a guideline: write each alternative as a rule of its own</source>
            <translation>指南中不能用“或”（OR）：请把每种情形写成单独的一条规则</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="392" />
            <source>the file is far too large to be a guideline (at most {most} bytes)</source>
            <translation>文件太大，不可能是指南（至多 {most} 字节）</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="216" />
            <source>a rule starts with IF (如果), the default with ELSE (否则); not "{text}"</source>
            <translation>规则以“如果”（IF）开头，默认类别以“否则”（ELSE）开头；而不是“{text}”</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="263" />
            <source>after a condition comes AND (且) or THEN (则), not "{text}"</source>
            <translation>条件之后应为“且”（AND）或“则”（THEN），而不是“{text}”</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="282" />
            <source>no class "{name}" (the classes: {classes})</source>
            <translation>没有类别“{name}”（类别有：{classes}）</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="287" />
            <source>unexpected "{text}" after the class "{name}"</source>
            <translation>类别“{name}”之后多出了“{text}”</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="319" />
            <source>the guideline is {n} characters long; at most {most} are read</source>
            <translation>指南长 {n} 个字符；至多读取 {most} 个</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="398" />
            <source>the guideline file cannot be read: {error}</source>
            <translation>无法读取指南文件：{error}</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="280" />
            <source>a class is expected here ({classes})</source>
            <translation>此处应为类别（{classes}）</translation>
        </message>
        <message>
            <location filename="engine/guideline.py" line="355" />
            <source>from this rule on the guideline's tree would pass {most} nodes: each condition of a rule repeats every later rule under its "no" branch; use fewer rules or fewer conditions</source>
            <translation>从这条规则起，指南的决策树将超过 {most} 个节点：规则的每个条件都会在其“否”分支下重复之后的全部规则；请减少规则或条件</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="108" />
            <source>accuracy at level {level}</source>
            <translation>第 {level} 层准确率</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="110" />
            <location filename="engine/reproduce/dp.py" line="219" />
            <source>accuracy</source>
            <translation>准确率</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="111" />
            <location filename="engine/reproduce/hfdt.py" line="152" />
            <source>hierarchical accuracy</source>
            <translation>层次准确率</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="114" />
            <source>mean absolute error (class steps)</source>
            <translation>平均绝对误差（类别级数）</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="115" />
            <source>leaves</source>
            <translation>叶节点数</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="116" />
            <source>leaves holding one case</source>
            <translation>仅含一个样本的叶节点数</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="117" />
            <source>depth</source>
            <translation>树深度</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="118" />
            <source>fit time (s)</source>
            <translation>训练时间（秒）</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="119" />
            <source>prediction time (s)</source>
            <translation>预测时间（秒）</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="120" />
            <source>non-monotone leaf pairs</source>
            <translation>非单调叶节点对数</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="121" />
            <source>non-monotonicity index (NMI)</source>
            <translation>非单调性指数（NMI）</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="122" />
            <source>total cost per case</source>
            <translation>每个样本的总代价</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="123" />
            <source>test cost per case</source>
            <translation>每个样本的测试代价</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="125" />
            <source>waiting cost per case</source>
            <translation>每个样本的等待时间代价</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="127" />
            <source>misclassification cost per case</source>
            <translation>每个样本的误分类代价</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="129" />
            <source>common cost saved per case</source>
            <translation>每个样本节省的公共代价</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="130" />
            <source>pending rate</source>
            <translation>待定率</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="131" />
            <source>misclassification rate</source>
            <translation>误分类率</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="132" />
            <source>attributes asked per case</source>
            <translation>每个样本询问的属性数</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="134" />
            <source>inverted pairs of answers</source>
            <translation>回答颠倒的样本对</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="137" />
            <source>stability of the splits</source>
            <translation>划分的稳定性</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="124" />
            <source>of which tests</source>
            <translation>其中测试代价</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="126" />
            <source>of which waiting</source>
            <translation>其中等待时间代价</translation>
        </message>
        <message>
            <location filename="engine/metrics.py" line="128" />
            <source>of which errors</source>
            <translation>其中误分类代价</translation>
        </message>
        <message>
            <location filename="engine/model.py" line="215" />
            <source>the file is not a regular file (a pipe, a device or a folder), so it is not read</source>
            <translation>该文件不是普通文件（而是管道、设备或文件夹），因此不读取</translation>
        </message>
        <message>
            <location filename="engine/model.py" line="89" />
            <source>this is not a RuleTree model file</source>
            <translation>这不是 RuleTree 模型文件</translation>
        </message>
        <message>
            <location filename="engine/model.py" line="92" />
            <source>the model file has no valid version</source>
            <translation>模型文件没有有效的版本号</translation>
        </message>
        <message>
            <location filename="engine/model.py" line="94" />
            <source>the model was saved by a newer RuleTree Studio (model version {version}); this version reads version {known}. Update RuleTree Studio.</source>
            <translation>该模型由更新版本的 RuleTree Studio 保存（模型版本 {version}）；本版本只能读取版本 {known}。请更新 RuleTree Studio。</translation>
        </message>
        <message>
            <location filename="engine/model.py" line="175" />
            <location filename="engine/model.py" line="103" />
            <location filename="engine/model.py" line="165" />
            <location filename="engine/model.py" line="171" />
            <source>the model file is damaged: {message}</source>
            <translation>模型文件已损坏：{message}</translation>
        </message>
        <message>
            <location filename="engine/model.py" line="211" />
            <source>the file cannot be read: {error}</source>
            <translation>无法读取该文件：{error}</translation>
        </message>
        <message>
            <location filename="engine/model.py" line="118" />
            <source>the model file is damaged ({kind}: {error})</source>
            <translation>模型文件已损坏（{kind}：{error}）</translation>
        </message>
        <message>
            <location filename="engine/plan.py" line="729" />
            <location filename="engine/sessions.py" line="438" />
            <source>case</source>
            <translation>样本</translation>
        </message>
        <message>
            <location filename="engine/plan.py" line="677" />
            <source>any value</source>
            <translation>任意值</translation>
        </message>
        <message>
            <location filename="engine/plan.py" line="691" />
            <source>no further question can change the answer</source>
            <translation>再问任何问题都不能改变答案</translation>
        </message>
        <message>
            <location filename="engine/plan.py" line="726" />
            <source>{share} of {what}s</source>
            <translation>{share} 的{what}</translation>
        </message>
        <message>
            <location filename="engine/plan.py" line="709" />
            <source>{text}; expected cost from here {expected} ({how}), following the tree {follow}</source>
            <translation>{text}；此后的期望代价为 {expected}（{how}），按决策树顺序为 {follow}</translation>
        </message>
        <message>
            <location filename="engine/plan.py" line="720" />
            <source>every {what}</source>
            <translation>所有{what}</translation>
        </message>
        <message>
            <location filename="engine/plan.py" line="694" />
            <source>asking {name} next</source>
            <translation>接着询问 {name}</translation>
        </message>
        <message>
            <location filename="engine/plan.py" line="695" />
            <source>asking {name} first</source>
            <translation>先询问 {name}</translation>
        </message>
        <message>
            <location filename="engine/plan.py" line="708" />
            <source>planned {levels} levels ahead</source>
            <translation>向前规划 {levels} 层</translation>
        </message>
        <message>
            <location filename="engine/plan.py" line="704" />
            <source>{asking} ends the case at once for {ratio} ({shown})</source>
            <translation>{asking}，可使{ratio}立即得出结论（{shown}）</translation>
        </message>
        <message>
            <location filename="engine/plan.py" line="707" />
            <source>{asking} ends the case at once for {ratio}</source>
            <translation>{asking}，可使{ratio}立即得出结论</translation>
        </message>
        <message>
            <location filename="engine/plan.py" line="724" />
            <source>{n} {what} in {d}</source>
            <translation>每 {d} 个{what}中的 {n} 个</translation>
        </message>
        <message>
            <location filename="engine/plan.py" line="725" />
            <source>{n} {what}s in {d}</source>
            <translation>每 {d} 个{what}中的 {n} 个</translation>
        </message>
        <message>
            <location filename="engine/pmml.py" line="111" />
            <source>the tree answers with labels its classes count for, which a TreeModel cannot say</source>
            <translation>树以其类别所计入的标签作答，TreeModel 无法表达</translation>
        </message>
        <message>
            <location filename="engine/pmml.py" line="113" />
            <source>a case spread over several leaves takes the class of least expected cost, and PMML takes the most probable one</source>
            <translation>分散到多个叶节点的案例取期望代价最小的类别，而 PMML 取概率最大的类别</translation>
        </message>
        <message>
            <location filename="engine/pmml.py" line="68" />
            <source>PMML cannot carry this model exactly: {why}</source>
            <translation>PMML 无法准确表达此模型：{why}</translation>
        </message>
        <message>
            <location filename="engine/pmml.py" line="85" />
            <source>the tree has fuzzy splits (a case goes down every term with its membership, and PMML's TreeModel sends a case down one branch)</source>
            <translation>树中有模糊划分（一个案例按隶属度进入每个模糊项，而 PMML 的 TreeModel 只让案例走一个分支）</translation>
        </message>
        <message>
            <location filename="engine/pmml.py" line="88" />
            <source>the tree has trichotomy stages (a weighted sum of attributes against two bounds, with PENDING answers, which a TreeModel cannot say)</source>
            <translation>树中有三分阶段（属性的加权和与两个界值比较，并有“待定”回答），TreeModel 无法表达</translation>
        </message>
        <message>
            <location filename="engine/pmml.py" line="95" />
            <source>the tree answers PENDING at some nodes (the cases a trichotomy stage leaves undecided), which a TreeModel cannot say</source>
            <translation>树在某些节点回答“待定”（三分阶段未决定的案例），TreeModel 无法表达</translation>
        </message>
        <message>
            <location filename="engine/pmml.py" line="116" />
            <source>the missing-value policy {policy} is unknown</source>
            <translation>缺失值策略 {policy} 未知</translation>
        </message>
        <message>
            <location filename="engine/pmml.py" line="234" />
            <source>the class column "{name}" is also one of the attributes</source>
            <translation>类别列“{name}”同时也是属性之一</translation>
        </message>
        <message>
            <location filename="engine/pmml.py" line="91" />
            <source>the tree has a kind of node PMML does not know ({kind})</source>
            <translation>树中有 PMML 不认识的节点类型（{kind}）</translation>
        </message>
        <message>
            <location filename="engine/pmml.py" line="98" />
            <source>the tree answers "{label}", a level of the class hierarchy that is not one of the classes PMML's target holds</source>
            <translation>树回答“{label}”，这是类别层次中的一个层级，不是 PMML 目标字段中的类别之一</translation>
        </message>
        <message>
            <location filename="engine/pmml.py" line="102" />
            <source>a split on "{attribute}" takes its numbers as category codes (whole parts), which the export does not write</source>
            <translation>对“{attribute}”的划分把数值当作类别代码（取整数部分），导出不写这种划分</translation>
        </message>
        <message>
            <location filename="engine/pmml.py" line="107" />
            <source>a split on "{attribute}" has values no branch takes; the model spreads such a case over every branch, and PMML stops it at the split</source>
            <translation>对“{attribute}”的划分有任何分支都不接收的取值；模型把这样的案例分散到每个分支，而 PMML 会让它停在该划分处</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="914" />
            <source>every leaf's counts add up to 1: the file likely gives class shares, not training cases (as sklearn2pmml writes scikit-learn 1.4 and later), so supports, intervals and "few cases" are not the training cases'; import it with --data TRAINING_FILE to count them</source>
            <translation>每个叶节点的计数之和为 1：文件给出的很可能是类别比例而非训练案例数（sklearn2pmml 为 scikit-learn 1.4 及以后版本写出的就是比例），因此支持度、区间和“案例过少”并非训练案例的；请用 --data 训练文件 导入以计数</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="190" />
            <source>the file holds no element</source>
            <translation>文件中没有任何元素</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="387" />
            <location filename="engine/pmml_import.py" line="470" />
            <source>the attribute "value" is missing</source>
            <translation>缺少属性“value”</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="414" />
            <source>a SimpleSetPredicate needs its Array</source>
            <translation>SimpleSetPredicate 需要其 Array</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="485" />
            <source>the DataDictionary is missing</source>
            <translation>缺少 DataDictionary</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="496" />
            <source>the MiningSchema is missing</source>
            <translation>缺少 MiningSchema</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="528" />
            <source>the target lists no classes (Value elements)</source>
            <translation>目标字段未列出任何类别（Value 元素）</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="566" />
            <source>the document holds no model (a TreeModel)</source>
            <translation>文档中没有模型（TreeModel）</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="574" />
            <source>isScorable="false": the tool says the model is not to be used</source>
            <translation>isScorable="false"：生成工具声明该模型不可使用</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="576" />
            <source>derived fields are not read</source>
            <translation>不读取派生字段</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="683" />
            <source>the root Node's predicate must be True</source>
            <translation>根 Node 的谓词必须是 True</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="830" />
            <source>a case without the tested value stops here, and goes on to a child at other Nodes: the model does one or the other everywhere</source>
            <translation>缺少被测值的案例在此处停止，而在其他 Node 处继续进入某个子节点：本模型在所有节点上只能采用其中一种做法</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="838" />
            <source>values no child takes would go to the heaviest child in the model, and stop in PMML</source>
            <translation>没有子节点接收的取值在本模型中会进入权重最大的子节点，而在 PMML 中会停止</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="886" />
            <source>PMML gives no answer for a case missing a value the tree tests (nullPrediction); the model answers with the class of the node where the case stops</source>
            <translation>对于缺少树所测试取值的案例，PMML 不给出答案（nullPrediction）；本模型以案例停止处节点的类别作答</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="106" />
            <source>{element} (line {line})</source>
            <translation>{element}（第 {line} 行）</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="116" />
            <location filename="engine/pmml_import.py" line="120" />
            <source>{where}: {message}</source>
            <translation>{where}：{message}</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="175" />
            <source>the file declares a DOCTYPE (which may define entities); a PMML file has none</source>
            <translation>文件声明了 DOCTYPE（可能定义实体）；PMML 文件不含 DOCTYPE</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="181" />
            <source>the file refers to an external entity; a PMML file refers to none</source>
            <translation>文件引用了外部实体；PMML 文件不引用任何外部实体</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="490" />
            <source>the attribute "name" is missing</source>
            <translation>缺少属性“name”</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="509" />
            <source>the field comes twice</source>
            <translation>该字段出现了两次</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="615" />
            <source>a model embedded in a Node is not read</source>
            <translation>不读取嵌入在 Node 中的模型</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="665" />
            <source>the record counts add up to more than a number can hold</source>
            <translation>记录数之和超出了数值所能表示的范围</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="835" />
            <source>a case without the tested value goes to a child that is not the one with the most records; the model sends it to the heaviest child</source>
            <translation>缺少被测值的案例进入的不是记录最多的子节点；本模型会将其送往权重最大的子节点</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="851" />
            <source>the ScoreDistribution's probabilities are not the shares of its record counts, which are what the model answers</source>
            <translation>ScoreDistribution 的概率不等于其记录数的占比，而本模型以记录数占比作答</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="205" />
            <source>{key}="{value}" is not a number</source>
            <translation>{key}="{value}" 不是数字</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="208" />
            <source>{key}="{value}" is out of range (a finite number from {low} to {high})</source>
            <translation>{key}="{value}" 超出范围（应为 {low} 到 {high} 之间的有限数）</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="291" />
            <source>an Array value's quote is not closed</source>
            <translation>Array 中某个值的引号没有闭合</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="301" />
            <source>Array n="{n}" but it holds {count} values</source>
            <translation>Array 标注 n="{n}"，实际含有 {count} 个值</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="314" />
            <source>the attribute "field" is missing</source>
            <translation>缺少属性“field”</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="383" />
            <source>operator="{op}" is not one of {known}</source>
            <translation>operator="{op}" 不是 {known} 之一</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="402" />
            <source>operator="{op}" compares values of "{field}", which have no order (the field is categorical, not ordinal)</source>
            <translation>operator="{op}" 比较“{field}”的取值，但这些取值没有顺序（该字段是 categorical，不是 ordinal）</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="411" />
            <source>booleanOperator="{op}" is not one of isIn, isNotIn</source>
            <translation>booleanOperator="{op}" 不是 isIn、isNotIn 之一</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="450" />
            <source>the document's root element is {tag}, not PMML</source>
            <translation>文档的根元素是 {tag}，不是 PMML</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="452" />
            <source>the namespace "{ns}" is not PMML 4.1 to 4.4 (http://www.dmg.org/PMML-4_4)</source>
            <translation>命名空间“{ns}”不是 PMML 4.1 至 4.4（http://www.dmg.org/PMML-4_4）</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="519" />
            <source>the MiningSchema names {n} target fields; a classification tree has one</source>
            <translation>MiningSchema 指定了 {n} 个目标字段；分类树只有一个</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="524" />
            <source>optype="{optype}": the target of a classification tree is categorical or ordinal</source>
            <translation>optype="{optype}"：分类树的目标字段应为 categorical 或 ordinal</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="569" />
            <source>the model is a {tag}; only a TreeModel is read</source>
            <translation>该模型是 {tag}；只读取 TreeModel</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="571" />
            <source>functionName="{f}": only a classification tree is read</source>
            <translation>functionName="{f}"：只读取分类树</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="598" />
            <source>a TreeModel has one root Node, not {n}</source>
            <translation>TreeModel 只有一个根 Node，而不是 {n} 个</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="668" />
            <source>the Node has no score and no records to take one from</source>
            <translation>该 Node 没有 score，也没有可据以确定类别的记录</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="717" />
            <source>the predicate tests several fields together; a split of the tree tests one</source>
            <translation>该谓词同时测试多个字段；树的一次划分只测试一个字段</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="725" />
            <source>defaultChild: the children test different fields, so a missing value would skip the other tests, which the model cannot do</source>
            <translation>defaultChild：各子节点测试不同的字段，缺失值会跳过其余测试，本模型无法做到</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="928" />
            <location filename="engine/pmml_import.py" line="867" />
            <source>the file is larger than {n} MiB</source>
            <translation>文件大于 {n} MiB</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="139" />
            <source>elements nested more than {n} deep</source>
            <translation>元素嵌套深度超过 {n} 层</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="145" />
            <source>more than {n} elements</source>
            <translation>元素超过 {n} 个</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="178" />
            <source>the file defines the entity "{name}"; a PMML file defines none</source>
            <translation>文件定义了实体“{name}”；PMML 文件不定义任何实体</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="185" />
            <source>the file is not well-formed XML (line {line}, column {column}: {reason})</source>
            <translation>文件不是格式正确的 XML（第 {line} 行，第 {column} 列：{reason}）</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="188" />
            <source>the file is not XML text ({error})</source>
            <translation>文件不是 XML 文本（{error}）</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="201" />
            <source>the attribute "{key}" is missing</source>
            <translation>缺少属性“{key}”</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="253" />
            <source>value="{value}" is not a finite number (the field "{field}" holds numbers)</source>
            <translation>value="{value}" 不是有限数（字段“{field}”的取值是数字）</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="266" />
            <source>"{value}" is not one of the values of the field "{field}" in the DataDictionary</source>
            <translation>“{value}”不是 DataDictionary 中字段“{field}”的取值之一</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="327" />
            <source>a CompoundPredicate needs at least two predicates</source>
            <translation>CompoundPredicate 至少需要两个谓词</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="460" />
            <source>the element is in the namespace "{ns}", not the document's "{root}"</source>
            <translation>该元素位于命名空间“{ns}”，而不是文档的“{root}”</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="492" />
            <source>the field "{name}" comes twice</source>
            <translation>字段“{name}”出现了两次</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="501" />
            <location filename="engine/pmml_import.py" line="319" />
            <source>the field "{field}" is not in the DataDictionary</source>
            <translation>字段“{field}”不在 DataDictionary 中</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="515" />
            <source>outliers="{value}" changes values before the tree reads them</source>
            <translation>outliers="{value}" 会在树读取之前改变取值</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="610" />
            <source>a Node needs exactly one predicate (True, SimplePredicate, ...), not {n}</source>
            <translation>Node 需要恰好一个谓词（True、SimplePredicate 等），而不是 {n} 个</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="613" />
            <source>{tag} does not belong in a Node</source>
            <translation>{tag} 不应出现在 Node 中</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="663" />
            <source>a leaf Node needs a score or its ScoreDistribution</source>
            <translation>叶 Node 需要 score 或其 ScoreDistribution</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="874" />
            <source>missingValueStrategy="{s}" is not read (lastPrediction, nullPrediction, defaultChild and none are)</source>
            <translation>不读取 missingValueStrategy="{s}"（可读取 lastPrediction、nullPrediction、defaultChild 和 none）</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="877" />
            <source>noTrueChildStrategy="{s}" is unknown</source>
            <translation>未知的 noTrueChildStrategy="{s}"</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="925" />
            <location filename="engine/pmml_import.py" line="934" />
            <source>cannot read the file ({error})</source>
            <translation>无法读取文件（{error}）</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="143" />
            <source>more than {n} Node elements</source>
            <translation>Node 元素超过 {n} 个</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="258" />
            <source>value="{value}" is beyond a float</source>
            <translation>value="{value}" 超出 float 的范围</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="477" />
            <source>the value "{value}" comes twice</source>
            <translation>取值“{value}”出现了两次</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="512" />
            <source>{key}="{value}" replaces a missing value, which the model cannot do</source>
            <translation>{key}="{value}" 会替换缺失值，本模型无法做到</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="536" />
            <source>dataType="{t}" is not a number type</source>
            <translation>dataType="{t}" 不是数字类型</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="546" />
            <source>optype="{optype}" is not continuous, categorical or ordinal</source>
            <translation>optype="{optype}" 不是 continuous、categorical 或 ordinal</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="646" />
            <source>score="{score}" is not one of the target's classes</source>
            <translation>score="{score}" 不是目标字段的类别之一</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="702" />
            <source>{where}: PMML gives no answer where no child's predicate is true; the model answers with the node's class</source>
            <translation>{where}：没有子节点的谓词为真时 PMML 不给出答案；本模型以该节点的类别作答</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="761" />
            <source>{where}: PMML gives no answer for a case without "{field}" here; the model answers with the node's class</source>
            <translation>{where}：对于此处缺少“{field}”的案例，PMML 不给出答案；本模型以该节点的类别作答</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="772" />
            <source>{where}: PMML gives no answer for a value of "{field}" no child takes; the model answers with the node's class</source>
            <translation>{where}：对于没有子节点接收的“{field}”取值，PMML 不给出答案；本模型以该节点的类别作答</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="317" />
            <source>the field "{field}" is not an active field of the MiningSchema</source>
            <translation>字段“{field}”不是 MiningSchema 中的 active 字段</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="324" />
            <source>booleanOperator="{op}" is not one of and, or, xor, surrogate</source>
            <translation>booleanOperator="{op}" 不是 and、or、xor、surrogate 之一</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="330" />
            <source>{tag} is not a predicate</source>
            <translation>{tag} 不是谓词</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="541" />
            <source>a {optype} field without its Values (the model needs every value it can read)</source>
            <translation>{optype} 字段缺少其 Value（本模型需要知道它能读取的每个取值）</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="633" />
            <source>value="{value}" is not one of the target's classes</source>
            <translation>value="{value}" 不是目标字段的类别之一</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="636" />
            <source>the class "{value}" comes twice</source>
            <translation>类别“{value}”出现了两次</translation>
        </message>
        <message>
            <location filename="engine/pmml_import.py" line="756" />
            <source>defaultChild="{d}" is not the id of one of its child Nodes</source>
            <translation>defaultChild="{d}" 不是其任何子 Node 的 id</translation>
        </message>
        <message>
            <location filename="engine/predicting.py" line="35" />
            <source>(several rules, weighted: a value they test is missing in this row)</source>
            <translation>（多条规则加权：本行缺少这些规则所测试的值）</translation>
        </message>
        <message>
            <location filename="engine/problem.py" line="131" />
            <source>no data file: give DATA, or a project with a data path</source>
            <translation>没有数据文件：请给出 DATA，或带有数据路径的项目</translation>
        </message>
        <message>
            <location filename="engine/problem.py" line="182" />
            <source>column "{column}" is left out of training: {reason}; tick "use" on the Problem tab (or set "use": true in a project) to take it back</source>
            <translation>列“{column}”不参与训练：{reason}；在“问题”选项卡勾选“使用”（或在项目中设置 "use": true）即可重新使用</translation>
        </message>
        <message>
            <location filename="engine/problem.py" line="133" />
            <source>the project's data file "{path}" does not exist; give DATA to use another file</source>
            <translation>项目的数据文件“{path}”不存在；请给出 DATA 以使用其他文件</translation>
        </message>
        <message>
            <location filename="engine/problem.py" line="236" />
            <source>the target "{old}" is not a column of {file}: the last column, "{new}", is the target now</source>
            <translation>目标列"{old}"不是 {file} 的列：现以最后一列"{new}"为目标列</translation>
        </message>
        <message>
            <location filename="engine/problem.py" line="240" />
            <source>the settings of "{column}" (costs, type, direction): {file} has no such column</source>
            <translation>"{column}"的设置（代价、类型、方向）：{file} 中没有这一列</translation>
        </message>
        <message>
            <location filename="engine/problem.py" line="123" />
            <source>give one project: {first} or {second}</source>
            <translation>请只给一个项目：{first} 或 {second}</translation>
        </message>
        <message>
            <location filename="engine/problem.py" line="244" />
            <source>"{column}" no longer waits for "{prerequisite}": {file} has no such column</source>
            <translation>"{column}"不再以"{prerequisite}"为前提：{file} 中没有这一列</translation>
        </message>
        <message>
            <location filename="engine/problem.py" line="252" />
            <source>the batch group "{group}": fewer than two of its attributes are columns of {file}</source>
            <translation>批量组"{group}"：其属性中不足两个是 {file} 的列</translation>
        </message>
        <message>
            <location filename="engine/problem.py" line="256" />
            <source>the batch group "{group}" without {columns}: {file} has no such column</source>
            <translation>批量组"{group}"去掉了 {columns}：{file} 中没有这些列</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="141" />
            <source>stop at the node</source>
            <translation>停在该节点</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="141" />
            <source>follow the majority branch</source>
            <translation>走多数分支</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="142" />
            <source>spread over the branches (C4.5)</source>
            <translation>按比例分到各分支（C4.5）</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="280" />
            <location filename="engine/report.py" line="476" />
            <source>Problem</source>
            <translation>问题</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="280" />
            <location filename="engine/report.py" line="480" />
            <source>Cross-validated figures</source>
            <translation>交叉验证结果</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="280" />
            <location filename="engine/report.py" line="488" />
            <source>Confusion matrix (summed over the folds)</source>
            <translation>混淆矩阵（各折之和）</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="281" />
            <location filename="engine/report.py" line="481" />
            <source>this model</source>
            <translation>本模型</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="281" />
            <location filename="engine/report.py" line="481" />
            <source>the learner alone</source>
            <translation>仅学习算法</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="282" />
            <location filename="engine/report.py" line="490" />
            <source>true class</source>
            <translation>真实类</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="282" />
            <location filename="engine/report.py" line="490" />
            <source>predicted</source>
            <translation>预测</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="282" />
            <location filename="engine/report.py" line="521" />
            <source>IF</source>
            <translation>如果</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="283" />
            <location filename="engine/report.py" line="463" />
            <source>page {page}</source>
            <translation>第 {page} 页</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="283" />
            <location filename="engine/report.py" line="456" />
            <source>made by RuleTree Studio on {date}</source>
            <translation>由 RuleTree Studio 于 {date} 生成</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="283" />
            <location filename="engine/report.py" line="375" />
            <source>n = {weight}</source>
            <translation>n = {weight}</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="284" />
            <location filename="engine/report.py" line="511" />
            <source>part {part} of {parts}</source>
            <translation>第 {part} 部分，共 {parts} 部分</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="284" />
            <location filename="engine/report.py" line="497" />
            <source>Notes</source>
            <translation>说明</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="195" />
            <source>per fold</source>
            <translation>各折不同</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="121" />
            <source>missing values when predicting</source>
            <translation>预测时的缺失值</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="122" />
            <source>tree</source>
            <translation>决策树</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="130" />
            <source>the data in the window</source>
            <translation>窗口中的数据</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="153" />
            <source>Decision tree report: {learner}</source>
            <translation>决策树报告：{learner}</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="157" />
            <source>No data was given, so this report has no cross-validated figures: give the data file (ruletree report MODEL --data FILE) for them.</source>
            <translation>未给出数据，因此本报告没有交叉验证结果：请给出数据文件（ruletree report MODEL --data FILE）。</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="196" />
            <source>Cross-validated {metric} ({k} folds): {value}; always answering {rule} ({label}): {baseline}.</source>
            <translation>交叉验证{metric}（{k} 折）：{value}；始终回答{rule}（{label}）：{baseline}。</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="125" />
            <source>edits by the expert</source>
            <translation>专家的修改</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="131" />
            <source>figures computed on</source>
            <translation>结果数字的计算数据</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="531" />
            <source>Few cases: the rules marked hold too few training cases, or too wide an interval, to act on alone (the problem's trust settings).</source>
            <translation>案例过少：标记的规则所含训练案例过少或区间过宽，不宜单独据此行事（依据问题的可信度设置）。</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="122" />
            <source>{leaves} leaves, depth {depth}</source>
            <translation>{leaves} 个叶节点，深度 {depth}</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="161" />
            <source>This version has no learner "{name}", so the model cannot be cross-validated.</source>
            <translation>此版本没有学习算法“{name}”，因此无法对该模型做交叉验证。</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="131" />
            <source>{file}: {rows} rows</source>
            <translation>{file}：{rows} 行</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="135" />
            <source>its sha256</source>
            <translation>其 sha256</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="137" />
            <source>(the file the model was trained on)</source>
            <translation>（即模型的训练文件）</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="505" />
            <source>Tree: the whole of it, and the parts the next {parts} pages print</source>
            <translation>决策树：全貌，以及后面 {parts} 页分别打印的部分</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="516" />
            <source>The tree is drawn down to depth {depth} ("..." marks where it goes on); the rules below hold every leaf.</source>
            <translation>决策树只画到深度 {depth}（“...”表示下面还有）；下面的规则包含每一个叶节点。</translation>
        </message>
        <message>
            <location filename="engine/report.py" line="534" />
            <source>Rule {number}: {why}</source>
            <translation>规则 {number}：{why}</translation>
        </message>
        <message>
            <location filename="engine/report_fonts.py" line="112" />
            <source>the report holds characters outside Latin-1 (Chinese, say) and no TrueType font with them was found to embed; install one (Debian, Ubuntu: apt install fonts-wqy-microhei) or name a .ttf or .ttc file in the environment variable RULETREE_REPORT_FONT</source>
            <translation>报告含有 Latin-1 以外的字符（例如中文），但找不到可嵌入的含这些字符的 TrueType 字体；请安装一种（Debian、Ubuntu：apt install fonts-wqy-microhei），或在环境变量 RULETREE_REPORT_FONT 中给出一个 .ttf 或 .ttc 文件</translation>
        </message>
        <message>
            <location filename="engine/reproduce/__init__.py" line="101" />
            <source>tables written to {path}</source>
            <translation>表格已写入 {path}</translation>
        </message>
        <message>
            <location filename="engine/reproduce/dp.py" line="219" />
            <location filename="engine/reproduce/dp.py" line="221" />
            <source>data set</source>
            <translation>数据集</translation>
        </message>
        <message>
            <location filename="engine/reproduce/dp.py" line="221" />
            <source>mean leaves</source>
            <translation>平均叶节点数</translation>
        </message>
        <message>
            <location filename="engine/reproduce/dp.py" line="256" />
            <location filename="engine/reproduce/facmi.py" line="242" />
            <location filename="engine/reproduce/hfdt.py" line="170" />
            <location filename="engine/reproduce/mincost.py" line="381" />
            <location filename="engine/reproduce/trichotomy.py" line="105" />
            <source>report written to {path}</source>
            <translation>报告已写入 {path}</translation>
        </message>
        <message>
            <location filename="engine/reproduce/dp.py" line="219" />
            <source>Seed 001 accuracy ({order})</source>
            <translation>Seed 001 准确率（{order}）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/dp.py" line="221" />
            <source>Seed 001 leaves ({order})</source>
            <translation>Seed 001 叶节点数（{order}）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/dp.py" line="236" />
            <source>{name} ({rows} rows, {deleted} deleted; {repeats} x {folds}-fold, {seconds} s): {figures} (accuracy/leaves)</source>
            <translation>{name}（{rows} 行，删除 {deleted} 行；{repeats} × {folds} 折，{seconds} 秒）：{figures}（准确率/叶节点数）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/dp.py" line="157" />
            <source>repeat {k} of {n}, fold {fold} of {folds}</source>
            <translation>第 {k} 次重复（共 {n} 次），第 {fold} 折（共 {folds} 折）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi.py" line="190" />
            <source>Seed 000 (a): k = 4, MAE against training cases</source>
            <translation>Seed 000 (a)：k = 4，MAE 随训练样本数的变化</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi.py" line="191" />
            <location filename="engine/reproduce/facmi_curves.py" line="126" />
            <source>training cases</source>
            <translation>训练样本数</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi.py" line="191" />
            <location filename="engine/reproduce/facmi_curves.py" line="126" />
            <source>test MAE</source>
            <translation>测试 MAE</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi.py" line="195" />
            <source>Seed 000 (b): 5-fold MAE against the number of classes</source>
            <translation>Seed 000 (b)：5 折 MAE 随类别数的变化</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi.py" line="196" />
            <source>classes k</source>
            <translation>类别数 k</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi.py" line="89" />
            <source>(a) {size} training cases: {figures}</source>
            <translation>(a) {size} 个训练样本：{figures}</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi.py" line="87" />
            <source>(a) {size} training cases: draw {k} of {n}</source>
            <translation>(a) {size} 个训练样本：第 {k} 次抽样（共 {n} 次）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi.py" line="105" />
            <source>(b) k = {classes}: repeat {k} of {n}</source>
            <translation>(b) k = {classes}：第 {k} 次重复（共 {n} 次）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi.py" line="140" />
            <source>(c) {dataset}, monotone yes: {figures}</source>
            <translation>(c) {dataset}，单调预处理：是：{figures}</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi.py" line="141" />
            <source>(c) {dataset}, monotone no: {figures}</source>
            <translation>(c) {dataset}，单调预处理：否：{figures}</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi.py" line="133" />
            <source>(c) {dataset}, monotone yes: repeat {k} of {n}</source>
            <translation>(c) {dataset}，单调预处理：是：第 {k} 次重复（共 {n} 次）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi.py" line="134" />
            <source>(c) {dataset}, monotone no: repeat {k} of {n}</source>
            <translation>(c) {dataset}，单调预处理：否：第 {k} 次重复（共 {n} 次）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi_choice.py" line="126" />
            <source>(e) chosen on {sets}: {chosen}</source>
            <translation>(e) 在 {sets} 上选出：{chosen}</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi_choice.py" line="64" />
            <source>(e) {dataset}: repeat {k} of {n}</source>
            <translation>(e) {dataset}：第 {k} 次重复（共 {n} 次）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi_curves.py" line="123" />
            <source>Seed 000 §4.3.1: {dataset}, MAE against training cases</source>
            <translation>Seed 000 §4.3.1：{dataset}，MAE 随训练样本数的变化</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi_curves.py" line="124" />
            <source>Seed 000 §4.3.1: {dataset} (not in the paper), MAE against training cases</source>
            <translation>Seed 000 §4.3.1：{dataset}（论文中没有），MAE 随训练样本数的变化</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi_curves.py" line="87" />
            <source>(d) {dataset}, {size} training cases: {figures}</source>
            <translation>(d) {dataset}，{size} 个训练样本：{figures}</translation>
        </message>
        <message>
            <location filename="engine/reproduce/facmi_curves.py" line="72" />
            <source>(d) {dataset}, {size} training cases: draw {k} of {n}</source>
            <translation>(d) {dataset}，{size} 个训练样本：第 {k} 次抽样（共 {n} 次）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/hfdt.py" line="151" />
            <source>Seed 002, glass: hierarchical accuracy by training level</source>
            <translation>Seed 002，glass：层次准确率随训练层的变化</translation>
        </message>
        <message>
            <location filename="engine/reproduce/hfdt.py" line="153" />
            <source>Seed 002, glass: label precision by training level</source>
            <translation>Seed 002，glass：标签精度随训练层的变化</translation>
        </message>
        <message>
            <location filename="engine/reproduce/hfdt.py" line="158" />
            <source>level</source>
            <translation>层</translation>
        </message>
        <message>
            <location filename="engine/reproduce/hfdt.py" line="90" />
            <source>split {k} of {n}: HFDT {accuracy} / {precision}</source>
            <translation>第 {k} 次划分（共 {n} 次）：HFDT {accuracy} / {precision}</translation>
        </message>
        <message>
            <location filename="engine/reproduce/mincost.py" line="361" />
            <source>missing rate (%)</source>
            <translation>缺失率（%）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/mincost.py" line="362" />
            <source>average total cost</source>
            <translation>平均总代价</translation>
        </message>
        <message>
            <location filename="engine/reproduce/mincost.py" line="349" />
            <source>Seed 003, {dataset}: average total cost ({strategy} strategy)</source>
            <translation>Seed 003，{dataset}：平均总代价（{strategy} 策略）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/mincost.py" line="195" />
            <location filename="engine/reproduce/mincost_weights.py" line="175" />
            <source>seed {k}, {rate} missing</source>
            <translation>随机种子 {k}，缺失 {rate}</translation>
        </message>
        <message>
            <location filename="engine/reproduce/mincost.py" line="237" />
            <source>{name}: the test set of each split is cut to {limit} cases (seeded, stratified) to keep the hybrid strategy's run short</source>
            <translation>{name}：每次划分的测试集被截为 {limit} 个样本（固定随机种子、分层），以缩短 hybrid 策略的运行时间</translation>
        </message>
        <message>
            <location filename="engine/reproduce/mincost.py" line="246" />
            <source>{name}: seed {k} of {n}</source>
            <translation>{name}：随机种子 {k}（共 {n} 个）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/mincost_weights.py" line="312" />
            <source>selected {config} (score {score}); checking it on the held-out sets</source>
            <translation>选出 {config}（得分 {score}）；在留出的数据集上检验</translation>
        </message>
        <message>
            <location filename="engine/reproduce/mincost_weights.py" line="293" />
            <source>M3 weights tuned elsewhere, {dataset} (held out, {strategy} strategy)</source>
            <translation>在其他数据上调优的 M3 权重，{dataset}（留出，{strategy} 策略）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/mincost_weights.py" line="195" />
            <source>tuning on {name}: seed {k} of {n}</source>
            <translation>在 {name} 上调优：随机种子 {k}（共 {n} 个）</translation>
        </message>
        <message>
            <location filename="engine/reproduce/mincost_weights.py" line="190" />
            <source>tuning on {name}: {message}</source>
            <translation>在 {name} 上调优：{message}</translation>
        </message>
        <message>
            <location filename="engine/reproduce/trichotomy.py" line="68" />
            <source>Seed 004 (uncorrelated): test misclassification</source>
            <translation>Seed 004（不相关）：测试误分类率</translation>
        </message>
        <message>
            <location filename="engine/reproduce/trichotomy.py" line="69" />
            <source>wrong decisions / all cases</source>
            <translation>错误决策数 / 全部样本数</translation>
        </message>
        <message>
            <location filename="engine/reproduce/trichotomy.py" line="70" />
            <source>Seed 004 (uncorrelated): pending rate</source>
            <translation>Seed 004（不相关）：待定率</translation>
        </message>
        <message>
            <location filename="engine/reproduce/trichotomy.py" line="70" />
            <source>pending / all cases</source>
            <translation>待定数 / 全部样本数</translation>
        </message>
        <message>
            <location filename="engine/reproduce/trichotomy.py" line="95" />
            <source>{setting}, mu = {mu}: pair {k} of {n}</source>
            <translation>{setting}，mu = {mu}：第 {k} 对（共 {n} 对）</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="150" />
            <source>stopped at node {node}: {label}</source>
            <translation>停在节点 {node}：{label}</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="151" />
            <source> (stopped here: {names} unknown)</source>
            <translation>（停在此处：{names} 未知）</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="152" />
            <source> (stopped here: a prerequisite is unknown)</source>
            <translation>（停在此处：某个前置属性未知）</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="153" />
            <source> (every rule below ends in {label})</source>
            <translation>（下方每条规则的结论都是 {label}）</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="154" />
            <source> (not asked further: {names} unknown)</source>
            <translation>（未继续提问：{names} 未知）</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="155" />
            <source>no answer</source>
            <translation>无回答</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="438" />
            <source>created</source>
            <translation>创建时间</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="438" />
            <source>updated</source>
            <translation>更新时间</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="438" />
            <source>model</source>
            <translation>模型</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="439" />
            <source>finished</source>
            <translation>已完成</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="439" />
            <source>questions</source>
            <translation>问题数</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="439" />
            <location filename="engine/sessions.py" line="386" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="440" />
            <source>total cost</source>
            <translation>总代价</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="440" />
            <source>common cost saved</source>
            <translation>节省的公共代价</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="441" />
            <source>step</source>
            <translation>步骤</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="441" />
            <source>question</source>
            <translation>问题</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="441" />
            <source>answer</source>
            <translation>回答</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="441" />
            <source>utility</source>
            <translation>效用</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="457" />
            <source>Sessions</source>
            <translation>咨询会话</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="466" />
            <source>Answers</source>
            <translation>回答</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="301" />
            <source>it is not a session file (no "format": "{format}")</source>
            <translation>这不是咨询会话文件（没有 "format": "{format}"）</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="304" />
            <source>"version" is {value}, not a whole number from 1</source>
            <translation>"version" 为 {value}，不是从 1 起的整数</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="306" />
            <source>it is version {version}, newer than this program reads ({known}); update RuleTree Studio</source>
            <translation>其版本为 {version}，比本程序能读取的版本（{known}）更新；请更新 RuleTree Studio</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="312" />
            <source>"{key}" is not true or false</source>
            <translation>"{key}" 不是 true 或 false</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="319" />
            <source>"{key}" is {value}, not one of {choices}</source>
            <translation>"{key}" 为 {value}，不是 {choices} 之一</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="257" />
            <source>the model file has changed since this session was saved (retrained?); resume it with the model it was made with</source>
            <translation>自保存此咨询会话以来，模型文件已改变（重新训练过？）；请用创建它时的模型继续</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="310" />
            <location filename="engine/sessions.py" line="350" />
            <source>"{key}" is not a text</source>
            <translation>"{key}" 不是文本</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="315" />
            <location filename="engine/sessions.py" line="348" />
            <source>"{key}" is not an object</source>
            <translation>"{key}" 不是对象</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="324" />
            <source>"{key}" is not a list</source>
            <translation>"{key}" 不是列表</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="326" />
            <source>"steps" holds {n} steps, more than {most}</source>
            <translation>"steps" 含有 {n} 个步骤，超过了 {most}</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="329" />
            <source>step {number}</source>
            <translation>步骤 {number}</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="43" />
            <source>cannot write the consultations' folder "{path}": {why}</source>
            <translation>无法写入咨询记录文件夹“{path}”：{why}</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="242" />
            <source>this session cannot be resumed: {problem}</source>
            <translation>无法继续此咨询会话：{problem}</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="335" />
            <source>{where}: "answers" is not an object of attribute: value</source>
            <translation>{where}："answers" 不是“属性: 取值”形式的对象</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="353" />
            <source>"{key}" is not a number</source>
            <translation>"{key}" 不是数字</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="356" />
            <source>"{key}" is not a list of texts</source>
            <translation>"{key}" 不是文本列表</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="44" />
            <source>a file is in its place</source>
            <translation>该位置已有一个文件</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="250" />
            <source>the session file is damaged ({error})</source>
            <translation>咨询会话文件已损坏（{error}）</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="259" />
            <source>this session was made with another model ({model}); resume it with the model it was made with</source>
            <translation>此咨询会话是用另一个模型（{model}）创建的；请用创建它时的模型继续</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="263" />
            <source>the model of this session is gone ({model})</source>
            <translation>此咨询会话的模型已不存在（{model}）</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="338" />
            <source>{where}: "{key}" is not a text</source>
            <translation>{where}："{key}" 不是文本</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="341" />
            <source>{where}: "{key}" is not a number</source>
            <translation>{where}："{key}" 不是数字</translation>
        </message>
        <message>
            <location filename="engine/sessions.py" line="344" />
            <source>{where}: "{key}" is not a list of texts</source>
            <translation>{where}："{key}" 不是文本列表</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="18" />
            <source>monotone increasing</source>
            <translation>单调递增</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="18" />
            <source>monotone decreasing</source>
            <translation>单调递减</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="105" />
            <source>trained on file</source>
            <translation>训练文件</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="105" />
            <source>sheet</source>
            <translation>工作表</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="105" />
            <source>rows trained on</source>
            <translation>训练行数</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="106" />
            <source>file's SHA-256</source>
            <translation>文件的 SHA-256</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="108" />
            <source>imported from the PMML file</source>
            <translation>导入自 PMML 文件</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="108" />
            <source>made by</source>
            <translation>生成工具</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="109" />
            <source>algorithm the file names</source>
            <translation>文件中注明的算法</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="109" />
            <source>PMML version</source>
            <translation>PMML 版本</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="31" />
            <source>yes</source>
            <translation>是</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="31" />
            <source>no</source>
            <translation>否</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="47" />
            <source>left out</source>
            <translation>不参与训练</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="55" />
            <source>test cost {cost}</source>
            <translation>测试代价 {cost}</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="55" />
            <source>waiting time {cost}</source>
            <translation>等待时间 {cost}</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="56" />
            <source>waiting cost {cost}</source>
            <translation>等待代价 {cost}</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="118" />
            <source>learner</source>
            <translation>学习器</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="60" />
            <source>asked after {attribute}</source>
            <translation>在 {attribute} 之后询问</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="62" />
            <source>fuzzy terms</source>
            <translation>模糊语言项</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="64" />
            <source>term centres</source>
            <translation>语言项中心</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="119" />
            <source>parameter {name}</source>
            <translation>参数 {name}</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="52" />
            <source>order</source>
            <translation>顺序</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="80" />
            <source>class group {name}</source>
            <translation>类别组 {name}</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="90" />
            <source>common cost {cost}</source>
            <translation>公共代价 {cost}</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="91" />
            <source>batch group {name}</source>
            <translation>批量组 {name}</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="84" />
            <source>attribute {name}</source>
            <translation>属性 {name}</translation>
        </message>
        <message>
            <location filename="engine/settings_words.py" line="97" />
            <source>cost of {true} predicted as {predicted}</source>
            <translation>{true} 被预测为 {predicted} 的代价</translation>
        </message>
        <message>
            <location filename="engine/sql_export.py" line="95" />
            <source>it is a fuzzy tree: a case goes down every term with its membership, which one CASE expression cannot carry; export it as PMML, or train a crisp learner</source>
            <translation>这是模糊树：一个案例按隶属度沿每个模糊项向下走，一个 CASE 表达式无法表达；请导出为 PMML，或训练一个清晰（非模糊）的学习器</translation>
        </message>
        <message>
            <location filename="engine/sql_export.py" line="115" />
            <source>under the "fractional" policy the answer comes from a score per class, which one CASE does not carry: sql_text writes them (engine.sql_fractional)</source>
            <translation>在“fractional”策略下，答案来自每个类的得分，单个 CASE 无法表达：由 sql_text 写出（engine.sql_fractional）</translation>
        </message>
        <message>
            <location filename="engine/sql_export.py" line="126" />
            <source>the table name is empty</source>
            <translation>表名为空</translation>
        </message>
        <message>
            <location filename="engine/sql_export.py" line="98" />
            <source>its missing-value policy "{policy}" is unknown</source>
            <translation>其缺失值策略“{policy}”未知</translation>
        </message>
        <message>
            <location filename="engine/sql_export.py" line="104" />
            <location filename="engine/xlsx_calculator.py" line="120" />
            <source>the learner {name} answers through a predictor of its own, not by walking the tree</source>
            <translation>学习器 {name} 通过自己的预测器作答，而不是沿树向下走</translation>
        </message>
        <message>
            <location filename="engine/sql_export.py" line="118" />
            <location filename="engine/sql_export.py" line="132" />
            <location filename="engine/sql_fractional.py" line="220" />
            <source>this model cannot be written as SQL: {why}</source>
            <translation>此模型无法写成 SQL：{why}</translation>
        </message>
        <message>
            <location filename="engine/sql_fractional.py" line="48" />
            <source>its sequential stages answer PENDING, which the fractional policy does not spread; set the policy "stop" or "majority"</source>
            <translation>其序贯阶段会回答“待定”，而 fractional 策略不分摊它；请设为“stop”或“majority”策略</translation>
        </message>
        <message>
            <location filename="engine/sql_fractional.py" line="52" />
            <source>it answers with labels other than its classes (a level of a class hierarchy); set the policy "stop" or "majority"</source>
            <translation>它用类以外的标签作答（类层次中的某一层）；请设为“stop”或“majority”策略</translation>
        </message>
        <message>
            <location filename="engine/sql_tests.py" line="25" />
            <source>unknown SQL dialect "{dialect}" (known: {known})</source>
            <translation>未知的 SQL 方言“{dialect}”（支持：{known}）</translation>
        </message>
        <message>
            <location filename="engine/sql_tests.py" line="34" />
            <source>the name "{name}" holds a NUL character, which no SQL name may hold</source>
            <translation>名称“{name}”含有 NUL 字符，SQL 名称不能含有它</translation>
        </message>
        <message>
            <location filename="engine/sql_tests.py" line="45" />
            <source>the text "{text}" holds a NUL character, which SQL cannot carry in a literal</source>
            <translation>文本“{text}”含有 NUL 字符，SQL 字面量无法表达它</translation>
        </message>
        <message>
            <location filename="engine/sql_tests.py" line="56" />
            <source>the model holds the number {value}, which SQL cannot write</source>
            <translation>模型中含有数值 {value}，SQL 无法写出它</translation>
        </message>
        <message>
            <location filename="engine/strategies.py" line="128" />
            <location filename="engine/workflows.py" line="109" />
            <source>test strategy must be one of {choices}, not {strategy!r}</source>
            <translation>测试策略必须是 {choices} 之一，而不是 {strategy!r}</translation>
        </message>
        <message>
            <location filename="engine/tree/aggregate.py" line="42" />
            <source>sum of firing strengths</source>
            <translation>激活强度之和</translation>
        </message>
        <message>
            <location filename="engine/tree/aggregate.py" line="42" />
            <source>largest firing strength</source>
            <translation>最大激活强度</translation>
        </message>
        <message>
            <location filename="engine/tree/aggregate.py" line="43" />
            <source>share of the weighted class distribution</source>
            <translation>加权类别分布中的占比</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="404" />
            <source>the class counts add up to more than a number can hold</source>
            <translation>类别计数之和超出了数字能表示的范围</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="455" />
            <source>leaf</source>
            <translation>叶节点</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="459" />
            <source>threshold split</source>
            <translation>阈值分裂</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="466" />
            <source>category split</source>
            <translation>类别分裂</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="485" />
            <source>fuzzy split</source>
            <translation>模糊分裂</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="504" />
            <source>trichotomy split</source>
            <translation>三分法分裂</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="95" />
            <location filename="engine/tree/check.py" line="142" />
            <location filename="engine/tree/check.py" line="108" />
            <location filename="engine/tree/check.py" line="290" />
            <location filename="engine/tree/check.py" line="352" />
            <location filename="engine/tree/seen.py" line="149" />
            <location filename="engine/tree/seen.py" line="160" />
            <location filename="engine/tree/seen.py" line="169" />
            <location filename="engine/tree/seen.py" line="177" />
            <source>must be an object</source>
            <translation>必须是对象</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="103" />
            <source>must be a list</source>
            <translation>必须是列表</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="147" />
            <source>must start with the classes of the schema, in their order</source>
            <translation>必须以模式中的类别开头，且顺序一致</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="154" />
            <source>must be a list of nodes (at least the root)</source>
            <translation>必须是节点列表（至少包含根节点）</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="330" />
            <source>must be a list of [node, effective number of cases] pairs</source>
            <translation>必须是 [节点, 有效案例数] 对的列表</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="346" />
            <source>must be an object with "attributes"</source>
            <translation>必须是含有 "attributes" 的对象</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="420" />
            <source>cannot be reached from the root (node 0): the nodes do not form one tree</source>
            <translation>无法从根节点（节点 0）到达：这些节点不构成一棵树</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="438" />
            <source>must be a list of child positions</source>
            <translation>必须是子节点位置的列表</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="64" />
            <source>must be a list of texts</source>
            <translation>必须是文本列表</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="65" />
            <source>must be a list of texts (at least one)</source>
            <translation>必须是文本列表（至少一项）</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="130" />
            <source>must be two finite numbers, lowest first</source>
            <translation>必须是两个有限数，小者在前</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="305" />
            <source>must be a list of node numbers</source>
            <translation>必须是节点编号列表</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="350" />
            <source>is not an attribute of the schema</source>
            <translation>不是模式中的属性</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="366" />
            <source>must be a list of [node, counts]</source>
            <translation>必须是 [节点, 计数] 的列表</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="384" />
            <source>must be {k} finite, non-negative numbers (one per class)</source>
            <translation>必须是 {k} 个非负有限数（每个类别一个）</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="473" />
            <location filename="engine/tree/check.py" line="362" />
            <location filename="engine/tree/seen.py" line="155" />
            <source>must be increasing finite numbers</source>
            <translation>必须是递增的有限数</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="125" />
            <source>a nominal attribute needs its categories</source>
            <translation>名义型属性需要给出其类别取值</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="149" />
            <source>"{label}" is the pending answer, not a label</source>
            <translation>“{label}”是待定答案，不是标签</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="356" />
            <source>a category attribute has no cuts</source>
            <translation>类别型属性没有切分点</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="371" />
            <source>must be [node, counts]</source>
            <translation>必须是 [节点, 计数]</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="430" />
            <source>{name} is not an attribute of the schema</source>
            <translation>{name} 不是模式中的属性</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="448" />
            <source>at least {low}</source>
            <translation>至少 {low} 个</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="450" />
            <source>a {kind} has {need} children, not {n_children}</source>
            <translation>{kind}有 {need} 个子节点，而不是 {n_children} 个</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="499" />
            <source>the term names must be {n_children} texts (one per child)</source>
            <translation>模糊语义值名称必须是 {n_children} 个文本（每个子节点一个）</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="512" />
            <source>must be {n_names} finite numbers (one per attribute)</source>
            <translation>必须是 {n_names} 个有限数（每个属性一个）</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="68" />
            <source>must be a text, not {v}</source>
            <translation>必须是文本，而不是 {v}</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="113" />
            <source>the attribute "{name}" comes twice</source>
            <translation>属性“{name}”出现了两次</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="116" />
            <location filename="engine/tree/check.py" line="119" />
            <location filename="engine/tree/seen.py" line="146" />
            <source>must be one of {choices}</source>
            <translation>必须是 {choices} 之一</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="293" />
            <location filename="engine/tree/check.py" line="317" />
            <source>must be one of {choices}, not {kind}</source>
            <translation>必须是 {choices} 之一，而不是 {kind}</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="301" />
            <source>{node} is none of the tree's labels</source>
            <translation>{node} 不是该决策树的任何标签</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="335" />
            <source>must be [node, effective number of cases]: a node number from 0 to {last} (each once) and a number &gt;= 0</source>
            <translation>必须是 [节点, 有效案例数]：0 到 {last} 的节点编号（每个一次）和一个 &gt;= 0 的数</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="441" />
            <source>must be a child position from 0 to {value} (or -1: no branch), not {b}</source>
            <translation>必须是 0 到 {value} 的子节点位置（或 -1：无分支），而不是 {b}</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="449" />
            <source>{low} or {high}</source>
            <translation>{low} 或 {high}</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="475" />
            <source>{n_cuts} cuts make {value} intervals, not {n_node}</source>
            <translation>{n_cuts} 个切分点构成 {value} 个区间，而不是 {n_node} 个</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="479" />
            <source>"{attr}" has {n_attr} categories, not {n_node}</source>
            <translation>“{attr}”有 {n_attr} 个类别取值，而不是 {n_node} 个</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="491" />
            <source>a fuzzy split needs {n_children} increasing centres (finite numbers, one per child)</source>
            <translation>模糊分裂需要 {n_children} 个递增的中心（有限数，每个子节点一个）</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="508" />
            <source>"{name}" is not an attribute of the schema</source>
            <translation>“{name}”不是模式中的属性</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="73" />
            <source>"{v}" comes twice</source>
            <translation>“{v}”出现了两次</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="308" />
            <source>must be a node number from 1 to {value}, not {c}</source>
            <translation>必须是 1 到 {value} 的节点编号，而不是 {c}</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="312" />
            <source>node {c} is already a child of node {parent} (a tree node has one parent)</source>
            <translation>节点 {c} 已经是节点 {parent} 的子节点（树中的节点只有一个父节点）</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="374" />
            <source>must be a leaf's node number, each leaf once, not {node}</source>
            <translation>必须是叶节点的编号，每个叶节点一次，而不是 {node}</translation>
        </message>
        <message>
            <location filename="engine/tree/check.py" line="379" />
            <source>must be {size} finite, non-negative counts (one per bin)</source>
            <translation>必须是 {size} 个非负有限计数（每个区间一个）</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="203" />
            <source> (they are: {names})</source>
            <translation>（现有：{names}）</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="258" />
            <source>a condition is expected here (such as age &gt; 50)</source>
            <translation>此处应为条件（如 年龄 &gt; 50）</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="202" />
            <source> (did you mean "{name}"?)</source>
            <translation>（是否指“{name}”？）</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="273" />
            <source>no attribute "{name}" in the data{hint}</source>
            <translation>数据中没有属性“{name}”{hint}</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="309" />
            <source>{attribute} has no value "{value}" (its values: {values})</source>
            <translation>{attribute} 没有取值“{value}”（其取值：{values}）</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="403" />
            <source>{attribute} holds numbers: "!=" needs named values; write two rules, one with {attribute} &lt; {value} and one with {attribute} &gt; {value}</source>
            <translation>{attribute} 是数值：“!=”只用于有名称的取值；请写两条规则，一条用 {attribute} &lt; {value}，一条用 {attribute} &gt; {value}</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="83" />
            <source>{reason} (in the condition "{condition}", character {at})</source>
            <translation>{reason}（在条件“{condition}”中，第 {at} 个字符）</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="227" />
            <source>after "{attribute}" a comparison is expected (&lt;, &lt;=, &gt;, &gt;=, =, != or in {{…}}), not "{text}"</source>
            <translation>“{attribute}”之后应为比较（&lt;、&lt;=、&gt;、&gt;=、=、!= 或 属于 {{…}}），而不是“{text}”</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="271" />
            <source>"{name}" is the column to predict: a rule's condition tests the attributes</source>
            <translation>“{name}”是要预测的列：规则的条件只能检验属性</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="280" />
            <source>a value is expected after "{op}"</source>
            <translation>“{op}”之后应为一个值</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="287" />
            <source>{attribute} holds numbers: "{text}" is not a number</source>
            <translation>{attribute} 是数值：“{text}”不是数字</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="291" />
            <source>{attribute}: the number {text} is too large</source>
            <translation>{attribute}：数字 {text} 太大</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="323" />
            <source>{attribute} holds numbers: "{op}" needs named values; for numbers write a range such as 30 &lt; {attribute} &lt;= 50</source>
            <translation>{attribute} 是数值：“{op}”只用于有名称的取值；数值请写区间，如 30 &lt; {attribute} &lt;= 50</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="361" />
            <source>{attribute}'s values have no order, so a range cannot bound it: use =, != or in {{…}} (or make it ordinal in the problem settings)</source>
            <translation>{attribute} 的取值没有顺序，不能用区间限定：请用 =、!= 或 属于 {{…}}（或在问题设置中把它设为有序型）</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="370" />
            <source>{attribute}: "{text}" is not one value</source>
            <translation>{attribute}：“{text}”不是一个取值</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="379" />
            <source>no value of {attribute} lies in that range</source>
            <translation>{attribute} 没有取值落在该区间内</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="413" />
            <source>{attribute}'s values have no order, so "{op}" cannot compare them: use =, != or in {{…}} (or make it ordinal in the problem settings)</source>
            <translation>{attribute} 的取值没有顺序，不能用“{op}”比较：请用 =、!= 或 属于 {{…}}（或在问题设置中把它设为有序型）</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="426" />
            <source>no value of {attribute} meets this condition, so the rule could never apply</source>
            <translation>{attribute} 没有任何取值满足此条件，这条规则永远不会适用</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="429" />
            <source>every value of {attribute} meets this condition: it says nothing, leave it out</source>
            <translation>{attribute} 的每个取值都满足此条件：它没有意义，请去掉</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="127" />
            <source>the quote {quote} is not closed</source>
            <translation>引号 {quote} 没有闭合</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="225" />
            <source>after "{attribute}" a comparison is expected: &lt;, &lt;=, &gt;, &gt;=, =, != or in {{…}}</source>
            <translation>“{attribute}”之后应为比较：&lt;、&lt;=、&gt;、&gt;=、=、!= 或 属于 {{…}}</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="249" />
            <source>unexpected "{text}" after the condition</source>
            <translation>条件之后多出了“{text}”</translation>
        </message>
        <message>
            <location filename="engine/tree/conditions.py" line="337" />
            <source>the set of values of {attribute} goes on with "," or ends with "}}" here</source>
            <translation>{attribute} 的取值集合在此处应以“,”继续或以“}}”结束</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="52" />
            <source>less</source>
            <translation>较小</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="52" />
            <source>more</source>
            <translation>较大</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="52" />
            <source>very low</source>
            <translation>很低</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="52" />
            <source>low</source>
            <translation>低</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="52" />
            <source>medium</source>
            <translation>中</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="52" />
            <location filename="engine/xlsx_calculator.py" line="334" />
            <source>high</source>
            <translation>高</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="53" />
            <source>very high</source>
            <translation>很高</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="171" />
            <source>middle</source>
            <translation>中间</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="183" />
            <location filename="engine/tree/describe.py" line="166" />
            <source>any</source>
            <translation>任意</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="234" />
            <source>{name} (by value)</source>
            <translation>{name}（按取值）</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="202" />
            <source>{name} (fuzzy)</source>
            <translation>{name}（模糊）</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="229" />
            <source>{name} intervals cut at {cuts}</source>
            <translation>{name} 区间，切分点为 {cuts}</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="232" />
            <source>{name} fuzzy terms at {centres}</source>
            <translation>{name} 模糊语义值，中心为 {centres}</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="168" />
            <source>low &lt;= {value}</source>
            <translation>低 &lt;= {value}</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="170" />
            <source>high &gt;= {value}</source>
            <translation>高 &gt;= {value}</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="211" />
            <source>{test}: {branch}</source>
            <translation>{test}：{branch}</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="477" />
            <source>is {term}</source>
            <translation>为 {term}</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="460" />
            <source>{name} is {term}</source>
            <translation>{name} 为 {term}</translation>
        </message>
        <message>
            <location filename="engine/tree/describe.py" line="443" />
            <source>{name} in {values}</source>
            <translation>{name} 属于 {values}</translation>
        </message>
        <message>
            <location filename="engine/tree/grow.py" line="254" />
            <location filename="engine/tree/grow.py" line="290" />
            <source>growing the tree</source>
            <translation>正在生长决策树</translation>
        </message>
        <message>
            <location filename="engine/tree/node_cases.py" line="82" />
            <source>"{text}" names no node: write a path such as root/1/0 (the child taken at each step from the root) or a node number such as #7</source>
            <translation>“{text}”没有指明节点：请写路径，如 root/1/0（从根节点起每一步所取的子节点），或节点编号，如 #7</translation>
        </message>
        <message>
            <location filename="engine/tree/node_cases.py" line="68" />
            <source>it is a leaf</source>
            <translation>它是叶节点</translation>
        </message>
        <message>
            <location filename="engine/tree/node_cases.py" line="79" />
            <source>the tree has no node #{id}: its nodes are #0 to #{last}</source>
            <translation>决策树中没有节点 #{id}：其节点为 #0 到 #{last}</translation>
        </message>
        <message>
            <location filename="engine/tree/node_cases.py" line="69" />
            <source>its children are 0 to {last}</source>
            <translation>其子节点为 0 到 {last}</translation>
        </message>
        <message>
            <location filename="engine/tree/node_cases.py" line="70" />
            <source>the tree has no node "{path}": at "{where}" {have}</source>
            <translation>决策树中没有节点“{path}”：在“{where}”处{have}</translation>
        </message>
        <message>
            <location filename="engine/tree/rules.py" line="82" />
            <source>IF {conditions} THEN {label}</source>
            <translation>如果 {conditions} 则 {label}</translation>
        </message>
        <message>
            <location filename="engine/tree/rules.py" line="83" />
            <source> AND </source>
            <translation> 且 </translation>
        </message>
        <message>
            <location filename="engine/tree/rules.py" line="84" />
            <source>TRUE</source>
            <translation>无条件</translation>
        </message>
        <message>
            <location filename="engine/tree/seen.py" line="144" />
            <source>must be an object with "nodes"</source>
            <translation>必须是含 "nodes" 的对象</translation>
        </message>
        <message>
            <location filename="engine/tree/seen.py" line="152" />
            <location filename="engine/tree/seen.py" line="172" />
            <source>is not a numeric attribute of the schema</source>
            <translation>不是模式中的数值属性</translation>
        </message>
        <message>
            <location filename="engine/tree/seen.py" line="163" />
            <source>must be a node number, each node once</source>
            <translation>必须是节点编号，每个节点一次</translation>
        </message>
        <message>
            <location filename="engine/tree/seen.py" line="166" />
            <source>must be a whole number from 0</source>
            <translation>必须是从 0 起的整数</translation>
        </message>
        <message>
            <location filename="engine/tree/seen.py" line="174" />
            <source>must be [low, high], two finite numbers</source>
            <translation>必须是 [下限, 上限]，两个有限数</translation>
        </message>
        <message>
            <location filename="engine/tree/seen.py" line="181" />
            <source>is not a category attribute of the schema</source>
            <translation>不是模式中的类别属性</translation>
        </message>
        <message>
            <location filename="engine/tree/seen.py" line="183" />
            <source>must list categories of the attribute</source>
            <translation>必须列出该属性的类别</translation>
        </message>
        <message>
            <location filename="engine/tree/seen.py" line="189" />
            <source>must be one finite, non-negative weight per child</source>
            <translation>必须为每个子节点给出一个有限的非负权重</translation>
        </message>
        <message>
            <location filename="engine/tree/seen.py" line="191" />
            <source>must be a finite, non-negative weight</source>
            <translation>必须是有限的非负权重</translation>
        </message>
        <message>
            <location filename="engine/tree/seen.py" line="197" />
            <source>must name attributes of the schema, each once</source>
            <translation>必须指明模式中的属性，每个一次</translation>
        </message>
        <message>
            <location filename="engine/tree/seen.py" line="204" />
            <source>must be lists of bin numbers, one per attribute</source>
            <translation>必须是区间编号的列表，每个属性一个</translation>
        </message>
        <message>
            <location filename="engine/trust/intervals.py" line="219" />
            <source>The model does not keep its training cases' weights: each case is taken to weigh 1.</source>
            <translation>模型未保存训练案例的权重：每个案例按权重 1 计算。</translation>
        </message>
        <message>
            <location filename="engine/trust/intervals.py" line="176" />
            <source>1 case (fewer than {min})</source>
            <translation>1 个案例（少于 {min} 个）</translation>
        </message>
        <message>
            <location filename="engine/trust/intervals.py" line="176" />
            <source>{n} cases (fewer than {min})</source>
            <translation>{n} 个案例（少于 {min} 个）</translation>
        </message>
        <message>
            <location filename="engine/trust/intervals.py" line="182" />
            <source>{level} % interval {low}–{high} %, wider than {width} points</source>
            <translation>{level} % 区间 {low}–{high} %，宽于 {width} 个百分点</translation>
        </message>
        <message>
            <location filename="engine/trust/intervals.py" line="186" />
            <source>; </source>
            <translation>；</translation>
        </message>
        <message>
            <location filename="engine/trust/intervals.py" line="214" />
            <source>{level} % interval of the confidence: {interval} (Wilson score, {n} effective cases)</source>
            <translation>置信度的 {level} % 区间：{interval}（威尔逊评分，有效案例 {n} 个）</translation>
        </message>
        <message>
            <location filename="engine/trust/intervals.py" line="217" />
            <source>Few cases: {why}</source>
            <translation>案例过少：{why}</translation>
        </message>
        <message>
            <location filename="engine/trust/intervals.py" line="179" />
            <source>{n} effective cases of weight {weight} (fewer than {min})</source>
            <translation>有效案例 {n} 个，权重 {weight}（少于 {min} 个）</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="167" />
            <source>{name} = {value} is outside the range of the {n} training cases at this node ({low} to {high})</source>
            <translation>{name} = {value} 超出此节点 {n} 个训练样本的范围（{low} 到 {high}）</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="168" />
            <source>{name} = "{value}" was never seen in training (read as unknown)</source>
            <translation>{name} = "{value}" 在训练中从未出现（按未知处理）</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="169" />
            <source>{name} = {value}: no training case had this value</source>
            <translation>{name} = {value}：没有训练样本取此值</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="170" />
            <source>{name} = {value}: none of the {n} training cases at this node had this value</source>
            <translation>{name} = {value}：此节点的 {n} 个训练样本都没有取此值</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="171" />
            <source>no training case at this leaf shares this combination of {values}</source>
            <translation>此叶节点没有训练样本具有这一组合：{values}</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="172" />
            <source>no training case reached this part of the tree (node {node}): its answer is borrowed from above</source>
            <translation>没有训练样本到达树的这一部分（节点 {node}）：其答案借自上层节点</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="398" />
            <source>{branch}: {n} of {total}</source>
            <translation>{branch}：{total} 中的 {n}</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="399" />
            <source>missing: {n} of {total}</source>
            <translation>缺失：{total} 中的 {n}</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="416" />
            <source>{name} unknown: the case stops here, at {node}, and takes its answer ({label}, from {n} training cases)</source>
            <translation>{name} 未知：该个案停在此处（{node}），采用此处的答案（{label}，来自 {n} 个训练样本）</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="418" />
            <source>{name} unknown: the case goes on down the branch most cases took ({branch}: {n} of {total})</source>
            <translation>{name} 未知：该个案沿多数样本所走的分支继续（{branch}：{total} 中的 {n}）</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="419" />
            <source>{name} unknown: the case is spread over the branches {shares}</source>
            <translation>{name} 未知：该个案按比例分散到各分支 {shares}</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="420" />
            <source> (in training, {n} of {total} cases had {name} missing here)</source>
            <translation>（训练中，此处 {total} 个样本中有 {n} 个缺失 {name}）</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="370" />
            <source>they stayed at this node</source>
            <translation>它们留在此节点</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="371" />
            <source>they went down every branch in proportion ({shares})</source>
            <translation>它们按比例进入每个分支（{shares}）</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="372" />
            <location filename="engine/trust/novelty.py" line="373" />
            <source>they went down the branch most cases took ({branch})</source>
            <translation>它们进入多数样本所走的分支（{branch}）</translation>
        </message>
        <message>
            <location filename="engine/trust/novelty.py" line="444" />
            <source>node {node}</source>
            <translation>节点 {node}</translation>
        </message>
        <message>
            <location filename="engine/trust/stability.py" line="194" />
            <source>no rows to draw bootstrap samples from</source>
            <translation>没有可抽取自助样本的行</translation>
        </message>
        <message>
            <location filename="engine/trust/stability.py" line="176" />
            <source>the bootstrap models for stability must be a whole number from 0 (the fold models only) to {most}, not {B}</source>
            <translation>用于稳定性的自助模型数必须是 0（仅用各折模型）到 {most} 之间的整数，而不是 {B}</translation>
        </message>
        <message>
            <location filename="engine/trust/stability.py" line="200" />
            <source>bootstrap model {b} of {B}</source>
            <translation>第 {b} 个自助模型（共 {B} 个）</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="300" />
            <source>the class of least expected cost</source>
            <translation>期望代价最小的类</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="302" />
            <source>the commonest class</source>
            <translation>最常见的类</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="369" />
            <source>cross-validation needs at least 2 folds and no hold-out</source>
            <translation>交叉验证至少需要 2 折，且不能同时使用留出法</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="255" />
            <source>the {rows} training rows (no hold-out: optimistic)</source>
            <translation>{rows} 个训练行（未使用留出法：偏乐观）</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="250" />
            <source>{k}-fold cross-validation over the {rows} rows (the tree: fitted on all)</source>
            <translation>在 {rows} 行上的 {k} 折交叉验证（决策树：在全部行上训练）</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="253" />
            <source>the {rows} held-out rows ({share})</source>
            <translation>{rows} 个留出行（{share}）</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="316" />
            <source>the hold-out share must be between 0 and 1 (e.g. 0.3), not {holdout:g}</source>
            <translation>留出比例必须在 0 到 1 之间（例如 0.3），而不是 {holdout:g}</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="323" />
            <source>the missing rate must be a share from 0 up to (not including) 1 (e.g. 0.2), not {rate:g}</source>
            <translation>缺失率必须是从 0 到 1（不含 1）的比例（例如 0.2），而不是 {rate:g}</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="394" />
            <source>the tree is a single leaf: {reason}</source>
            <translation>决策树只有一个叶节点：{reason}</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="537" />
            <source>cross-validation needs at least 2 folds, not {cv}</source>
            <translation>交叉验证至少需要 2 折，而不是 {cv}</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="539" />
            <source>repeats must be at least 1, not {repeats}</source>
            <translation>重复次数必须至少为 1，而不是 {repeats}</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="216" />
            <source>{single} of the {leaves} leaves hold a single training case: their rules rest on one case each</source>
            <translation>{leaves} 个叶节点中有 {single} 个只含一个训练案例：它们的规则各只依据一个案例</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="208" />
            <source>{pairs} pair(s) of leaves break the monotone directions set on the attributes; enforcing them relabels those leaves at the least training error</source>
            <translation>{pairs} 对叶节点违反了为属性设置的单调方向；强制单调会以最小训练误差重新标记这些叶节点</translation>
        </message>
        <message>
            <location filename="engine/workflows.py" line="219" />
            <source>the tree has {leaves} leaves for {rows} training rows: it may have learnt the cases by heart rather than rules</source>
            <translation>决策树有 {leaves} 个叶节点，而训练数据只有 {rows} 行：它可能只是记住了案例，而不是学到了规则</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="70" />
            <source>Calculator</source>
            <translation>计算器</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="70" />
            <source>Score cases</source>
            <translation>批量评分</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="70" />
            <source>Lists</source>
            <translation>取值列表</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="70" />
            <source>Nodes</source>
            <translation>节点</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="71" />
            <source>Calculator work</source>
            <translation>计算器辅助</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="71" />
            <source>Score work</source>
            <translation>评分辅助</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="78" />
            <source>class</source>
            <translation>类别</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="109" />
            <source>it is a fuzzy tree: a case goes down every term with its membership, which the calculator's formulas do not carry; train a crisp learner</source>
            <translation>这是一棵模糊树：案例按隶属度走向每个语言项，计算器的公式无法承载；请训练一个清晰（非模糊）学习器</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="492" />
            <source>Type a case's values in row 2 (a cell left empty is a missing value); the answer is computed by the formulas above. Paste a table of cases on the next sheet to score them all.</source>
            <translation>在第 2 行输入一个案例的取值（空着的单元格即缺失值）；上面的公式会算出答案。把一张案例表粘贴到下一张工作表，即可为所有案例评分。</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="112" />
            <source>its missing-value policy is "{policy}" (a case with a missing value is spread over every branch); the calculator carries "stop" and "majority" exactly: set "missing" under "prediction" in the model file to one of them</source>
            <translation>它的缺失值策略是“{policy}”（有缺失值的案例被分摊到每个分支）；计算器能精确承载“stop”和“majority”：请把模型文件中“prediction”下的“missing”设为其中之一</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="279" />
            <source>ends at</source>
            <translation>结束于</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="334" />
            <source>threshold</source>
            <translation>阈值</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="335" />
            <source>majority branch</source>
            <translation>多数分支</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="335" />
            <source>branches, cuts, weights</source>
            <translation>分支、切点、权重</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="128" />
            <source>this model cannot be written as an Excel calculator: {why}</source>
            <translation>无法把这个模型写成 Excel 计算器：{why}</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="131" />
            <source>the number of rows to score must be a whole number from 1 to {most}, not {rows}</source>
            <translation>要评分的行数必须是 1 到 {most} 之间的整数，而不是 {rows}</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="138" />
            <source>the model holds the number {value}, which a spreadsheet cell cannot hold</source>
            <translation>模型中含有数值 {value}，电子表格的单元格无法存放</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="293" />
            <source>a leaf</source>
            <translation>叶节点</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="293" />
            <source>an inner node (a value its test needs is missing)</source>
            <translation>内部节点（其测试所需的值缺失）</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="495" />
            <source>Missing values: {policy}</source>
            <translation>缺失值：{policy}</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="314" />
            <source>{name} (as a number)</source>
            <translation>{name}（作为数值）</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="315" />
            <source>{name} (code + 1)</source>
            <translation>{name}（编码 + 1）</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="477" />
            <source>This value was not seen in training: the model reads it as missing.</source>
            <translation>训练中没有见过这个值：模型把它当作缺失值。</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="495" />
            <source>the case stops at the node whose test needs them (its label answers)</source>
            <translation>案例停在需要该值的测试节点（以该节点的标签作答）</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="496" />
            <source>the case goes down the branch that held the most training cases</source>
            <translation>案例走向训练案例最多的分支</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="522" />
            <source>a case has {n} values where the model has {p} attributes</source>
            <translation>一个案例有 {n} 个值，而模型有 {p} 个属性</translation>
        </message>
        <message>
            <location filename="engine/xlsx_calculator.py" line="476" />
            <source>Not a value of {name}</source>
            <translation>不是 {name} 的取值</translation>
        </message>
        <message>
            <source>how the leaves a case reaches give its answer: firing_strength, the label with the largest summed firing strength (the paper's rule); class_share, the largest share of the class distributions weighted by the firing strengths (fuzzy ID3's rule); auto, class shares without a class hierarchy and the paper's rule with one (chosen by cross-validation)</source>
            <translation type="vanished">个案所到达的叶节点如何给出答案：firing_strength，取激活强度之和最大的标签（论文的规则）；class_share，取按激活强度加权的类别分布中份额最大的类别（模糊 ID3 的规则）；auto，没有类别层次时用类别份额，有层次时用论文的规则（由交叉验证选定）</translation>
        </message>
        <message>
            <source>planned (default): ask any attribute a still-possible rule tests, in the order of least expected total cost; utility: the tree's next tests by expected cost removed per unit of test cost (fuzzy and trichotomy trees always)</source>
            <translation type="vanished">planned（默认）：按期望总代价从小到大，询问仍可能成立的规则所测试的任一属性；utility：按每单位测试代价减少的期望代价选择决策树的下一个测试（模糊决策树和三分法决策树总是如此）</translation>
        </message>
        <message>
            <source>write a model in a form other engines run: PMML 4.4, or SQL</source>
            <translation type="vanished">把模型写成其他引擎能运行的形式：PMML 4.4 或 SQL</translation>
        </message>
        <message>
            <source>its missing-value policy is "{policy}" (a case with a missing value is spread over every branch); SQL carries "stop" and "majority" exactly: set "missing" under "prediction" in the model file to one of them</source>
            <translation type="vanished">其缺失值策略为“{policy}”（缺失值的案例被分摊到每个分支）；SQL 只能精确表达“stop”和“majority”：请把模型文件中 "prediction" 下的 "missing" 设为其中之一</translation>
        </message>
        <message>
            <source>"{text}" does not start with an attribute of the model ({names})</source>
            <translation type="vanished">“{text}”不是以模型的属性开头（{names}）</translation>
        </message>
        <message>
            <source>"{text}": after "{name}" write &lt;=, &gt;, = or a colon and groups</source>
            <translation type="vanished">“{text}”：在“{name}”之后请写 &lt;=、&gt;、= 或冒号加取值组</translation>
        </message>
        <message>
            <source>a cut is written with &lt;= or &gt; (a case equal to the cut goes to the &lt;= side): "{name} &lt;= {value}" or "{name} &gt; {value}"</source>
            <translation type="vanished">切分点用 &lt;= 或 &gt; 表示（等于切分点的样本归入 &lt;= 一侧）：“{name} &lt;= {value}”或“{name} &gt; {value}”</translation>
        </message>
        <message>
            <source>"{value}" is not a value of "{name}" (its values: {values})</source>
            <translation type="vanished">“{value}”不是“{name}”的取值（其取值：{values}）</translation>
        </message>
        <message>
            <source>"{value}" is not a number</source>
            <translation type="vanished">“{value}”不是数字</translation>
        </message>
        <message>
            <source>a leaf when the node's membership mass is below this share of the root's, so that a large file still gives a readable tree quickly (HFDT's default chosen by cross-validation; 0: the minimum membership alone, the paper's stop)</source>
            <translation type="vanished">节点的隶属度总量低于根节点隶属度总量的这一比例时成为叶节点，使大文件也能较快得到可读的树（HFDT 的默认值由交叉验证选定；0：只用最小隶属度，即论文的停止条件）</translation>
        </message>
        <message>
            <source>relabel the leaves so no non-monotone pair is left (least training error; ALGORITHMS.md §1.5)</source>
            <translation type="vanished">重新标记叶节点，使不再有非单调对（训练误差最小；ALGORITHMS.md §1.5）</translation>
        </message>
        <message>
            <source>FACMI: fuzzy dominance complementary mutual information (seed 000)</source>
            <translation type="vanished">FACMI：模糊优势互补互信息（论文 000）</translation>
        </message>
        <message>
            <source>which case pairs score a cut (§1.4 readings): concordant (the cut orders the pair as the class does; reversed pairs cost nothing) or net (concordant minus discordant: a reversed pair counts against the cut)</source>
            <translation type="vanished">用哪些样本对为切分点评分（§1.4 的两种理解）：concordant（切分点对样本对的排序与类别一致；反向对不计代价）或 net（一致对减不一致对：反向对对切分点不利）</translation>
        </message>
        <message>
            <source>how a decreasing attribute is turned increasing: negate (-a) or reciprocal (1/a, as the paper; ordinal ranks 1..m; negation where a value is not positive). Same order, different fuzzy memberships</source>
            <translation type="vanished">如何把递减属性变为递增：negate（-a）或 reciprocal（1/a，同论文；有序型取秩 1..m；有非正值时取负）。顺序相同，模糊隶属度不同</translation>
        </message>
        <message>
            <source>Sequential discriminant tree by trichotomy (seed 004)</source>
            <translation type="vanished">基于三分法的序贯判别树（论文 004）</translation>
        </message>
        <message>
            <source>Fisher LDA with forward stepwise selection (baseline of seed 004)</source>
            <translation type="vanished">带前向逐步选择的 Fisher LDA（论文 004 的基线）</translation>
        </message>
        <message>
            <source>widening of the overlap region, as a share of its width (paper: 5 %, option 1 %)</source>
            <translation type="vanished">重叠区域的扩展量，占其宽度的比例（论文：5 %，可选 1 %）</translation>
        </message>
        <message>
            <source>α: overlap between trimmed quantiles (0 = the paper's extremes: no training error)</source>
            <translation type="vanished">α：截尾分位数之间的重叠（0 = 论文的极值：无训练误差）</translation>
        </message>
        <message>
            <source>column "{name}" is numeric except for "{text}" in row {row}{more}; it is read as nominal (text). Fix those cells to use it as a number.</source>
            <translation type="vanished">列“{name}”除第 {row} 行的“{text}”{more}外均为数值；该列按名义型（文本）读取。修正这些单元格后才能作为数值使用。</translation>
        </message>
        <message>
            <source>error / pending (mean over the folds): misclassification rate, pending rate, attributes per case</source>
            <translation type="vanished">错误 / 待定（各折均值）：误分类率、待定率、每个样本所用属性数</translation>
        </message>
        <message>
            <source>Friedman over {n} folds: chi2 = {chi2} (p = {p_chi2}), Iman-Davenport F = {f} (p = {p_f}); Nemenyi critical difference of average ranks {cd}</source>
            <translation type="vanished">Friedman 检验（{n} 折）：chi2 = {chi2}（p = {p_chi2}），Iman-Davenport F = {f}（p = {p_f}）；Nemenyi 平均秩临界差 {cd}</translation>
        </message>
        <message>
            <source>attributes per case</source>
            <translation type="vanished">每个样本所用属性数</translation>
        </message>
        <message>
            <source>hierarchical_accuracy</source>
            <translation type="vanished">层次准确率</translation>
        </message>
        <message>
            <source>label_precision</source>
            <translation type="vanished">标签精度</translation>
        </message>
        <message>
            <source>mae</source>
            <translation type="vanished">平均绝对误差（MAE）</translation>
        </message>
        <message>
            <source>single_case_leaves</source>
            <translation type="vanished">单样本叶节点数</translation>
        </message>
        <message>
            <source>fit_seconds</source>
            <translation type="vanished">训练时间（秒）</translation>
        </message>
        <message>
            <source>predict_seconds</source>
            <translation type="vanished">预测时间（秒）</translation>
        </message>
        <message>
            <source>nonmonotone_pairs</source>
            <translation type="vanished">非单调对数</translation>
        </message>
        <message>
            <source>nmi</source>
            <translation type="vanished">非单调性指数（NMI）</translation>
        </message>
        <message>
            <source>avg_total_cost</source>
            <translation type="vanished">平均总代价</translation>
        </message>
        <message>
            <source>avg_test_cost</source>
            <translation type="vanished">平均测试代价</translation>
        </message>
        <message>
            <source>avg_waiting_cost</source>
            <translation type="vanished">平均等待时间代价</translation>
        </message>
        <message>
            <source>avg_misclassification_cost</source>
            <translation type="vanished">平均误分类代价</translation>
        </message>
        <message>
            <source>avg_common_cost_saved</source>
            <translation type="vanished">平均节省的公共代价</translation>
        </message>
        <message>
            <source>pending_rate</source>
            <translation type="vanished">待定率</translation>
        </message>
        <message>
            <source>misclassification_rate</source>
            <translation type="vanished">误分类率</translation>
        </message>
        <message>
            <source>attributes_used</source>
            <translation type="vanished">所用属性数</translation>
        </message>
        <message>
            <source>inverted_pairs</source>
            <translation type="vanished">逆序对数</translation>
        </message>
        <message>
            <source>missing_rate</source>
            <translation type="vanished">缺失率</translation>
        </message>
        <message>
            <source>settings</source>
            <translation type="vanished">设置</translation>
        </message>
        <message>
            <source>project "{name}"</source>
            <translation type="vanished">项目“{name}”</translation>
        </message>
        <message>
            <source>{prog}: error: {where}, setting {field}: {message}{more}</source>
            <translation type="vanished">{prog}：错误：{where}，设置项 {field}：{message}{more}</translation>
        </message>
    </context>
</TS>
