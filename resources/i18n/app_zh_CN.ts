<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
    <context>
        <name>BatchGroupEditor</name>
        <message>
            <source>Batch groups</source>
            <translation>批量属性组</translation>
        </message>
        <message>
            <source>name</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>attributes (comma-separated)</source>
            <translation>属性（以逗号分隔）</translation>
        </message>
        <message>
            <source>common cost</source>
            <translation>公共代价</translation>
        </message>
        <message>
            <source>Add group</source>
            <translation>添加组</translation>
        </message>
        <message>
            <source>Remove group</source>
            <translation>移除组</translation>
        </message>
        <message>
            <source>group {number}</source>
            <translation>组 {number}</translation>
        </message>
    </context>
    <context>
        <name>ComparePanel</name>
        <message>
            <source>Add a copy</source>
            <translation>添加副本</translation>
        </message>
        <message>
            <source>The algorithm clicked once more, ticked, with parameters of its own: compare it with itself</source>
            <translation>再添加一次所单击的算法（已勾选），使用它自己的参数：与自身比较</translation>
        </message>
        <message>
            <source>Parameters: click an algorithm</source>
            <translation>参数：请单击一个算法</translation>
        </message>
        <message>
            <source>x </source>
            <translation>重复 </translation>
        </message>
        <message>
            <source> repeats</source>
            <translation> 次</translation>
        </message>
        <message>
            <source>no stability</source>
            <translation>不统计稳定性</translation>
        </message>
        <message>
            <source>stability: </source>
            <translation>稳定性：</translation>
        </message>
        <message>
            <source> bootstrap models</source>
            <translation> 个自助模型</translation>
        </message>
        <message>
            <source>Also fit each algorithm on all rows and count how often each of its splits comes back at the same place in this many bootstrap models: the stability column, the mean over the top three levels (0: not counted)</source>
            <translation>另在全部行上拟合每个算法，并统计其每个划分在这么多个自助模型中于同一位置重现的频率：稳定性一列，前三层的平均值（0：不统计）</translation>
        </message>
        <message>
            <source>Learning curve at</source>
            <translation>学习曲线，训练比例</translation>
        </message>
        <message>
            <source>Each fold also trained on these shares of its training rows (nested, stratified) and scored on the same test rows</source>
            <translation>每一折还在其训练行的这些比例上训练（嵌套、分层），并在相同的测试行上评分</translation>
        </message>
        <message>
            <source>Compare</source>
            <translation>比较</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Export to Excel...</source>
            <translation>导出到 Excel…</translation>
        </message>
        <message>
            <source>Tick the algorithms to compare, then Compare: every one is trained and scored on the same folds, beside always answering one class.</source>
            <translation>勾选要比较的算法，然后单击“比较”：每个算法都在相同的折上训练和评分，并与始终回答同一类别的基线对照。</translation>
        </message>
        <message>
            <source>The algorithm the others are tested against</source>
            <translation>其他算法与之比较检验的参照算法</translation>
        </message>
        <message>
            <source>The metric the tests and the box plot are on</source>
            <translation>检验和箱线图所依据的指标</translation>
        </message>
        <message>
            <source>Columns</source>
            <translation>列</translation>
        </message>
        <message>
            <source>The metrics shown in the table</source>
            <translation>表格中显示的指标</translation>
        </message>
        <message>
            <source>Fold scores</source>
            <translation>各折得分</translation>
        </message>
        <message>
            <source>Critical difference</source>
            <translation>临界差</translation>
        </message>
        <message>
            <source>Learning curve</source>
            <translation>学习曲线</translation>
        </message>
        <message>
            <source>Error / pending</source>
            <translation>错误 / 待定</translation>
        </message>
        <message>
            <source>Algorithms:</source>
            <translation>算法：</translation>
        </message>
        <message>
            <source>tests on:</source>
            <translation>检验指标：</translation>
        </message>
        <message>
            <source>against:</source>
            <translation>参照：</translation>
        </message>
        <message>
            <source>Cancelled: run again to start over.</source>
            <translation>已取消：重新运行即从头开始。</translation>
        </message>
        <message>
            <source>{model}: the model's own parameters and edits</source>
            <translation>{model}：模型自己的参数和编辑</translation>
        </message>
        <message>
            <source>Parameters of {algorithm}</source>
            <translation>{algorithm} 的参数</translation>
        </message>
        <message>
            <source>{algorithm}: no parameters</source>
            <translation>{algorithm}：无参数</translation>
        </message>
        <message>
            <source>{algorithm}, copy {number}</source>
            <translation>{algorithm}，副本 {number}</translation>
        </message>
        <message>
            <source>{algorithm}: give it other parameters than the first</source>
            <translation>{algorithm}：请为它设置与第一个不同的参数</translation>
        </message>
        <message>
            <source>learning curve: "{value}" is not a percentage</source>
            <translation>学习曲线：“{value}”不是百分数</translation>
        </message>
        <message>
            <source>learning curve: {value} % is not between 0 and 100</source>
            <translation>学习曲线：{value} % 不在 0 到 100 之间</translation>
        </message>
        <message>
            <source>{algorithm}, edited ({n} edits)</source>
            <translation>{algorithm}，已编辑（{n} 处编辑）</translation>
        </message>
        <message>
            <source>The model you edited: its parameters, and its edits replayed on each fold's training rows</source>
            <translation>您编辑过的模型：用其参数，编辑在每折的训练样本上重放</translation>
        </message>
        <message>
            <source>Tick at least one algorithm.</source>
            <translation>请至少勾选一个算法。</translation>
        </message>
        <message>
            <source>Open a data file first.</source>
            <translation>请先打开数据文件。</translation>
        </message>
        <message>
            <source>Cannot compare: {reason}</source>
            <translation>无法比较：{reason}</translation>
        </message>
        <message>
            <source>comparing...</source>
            <translation>正在比较…</translation>
        </message>
        <message>
            <source>The comparison failed: {message}</source>
            <translation>比较失败：{message}</translation>
        </message>
        <message>
            <source>{algorithms} algorithm(s) and {baseline} on the same {folds} folds. Means ± std over the folds; ▲ / ▼: significantly better / worse than the reference (corrected resampled t-test, 5 %).</source>
            <translation>{algorithms} 个算法与 {baseline} 在相同的 {folds} 折上比较。表中为各折的均值 ± 标准差；▲ / ▼：显著优于 / 劣于参照算法（校正重抽样 t 检验，5 %）。</translation>
        </message>
        <message>
            <source> Learning curve over {sizes} training sizes; the table is on the largest.</source>
            <translation>学习曲线共 {sizes} 个训练规模；表格基于最大的规模。</translation>
        </message>
        <message>
            <source>No tests: {reason}</source>
            <translation>无法检验：{reason}</translation>
        </message>
        <message>
            <source>algorithm</source>
            <translation>算法</translation>
        </message>
        <message>
            <source>p (corrected t)</source>
            <translation>p（校正 t 检验）</translation>
        </message>
        <message>
            <source>p (Wilcoxon)</source>
            <translation>p（Wilcoxon）</translation>
        </message>
        <message>
            <source>avg rank</source>
            <translation>平均秩</translation>
        </message>
        <message>
            <source>reference</source>
            <translation>参照</translation>
        </message>
        <message>
            <source>Friedman over {folds} folds: {p} (Iman-Davenport); Nemenyi critical difference of average ranks {cd}. The folds of one file are not independent samples: the corrected t-test allows for that, Friedman and Nemenyi are indicative.</source>
            <translation>Friedman 检验（{folds} 折）：{p}（Iman-Davenport）；Nemenyi 平均秩临界差 {cd}。同一文件的各折并非独立样本：校正 t 检验考虑了这一点，Friedman 与 Nemenyi 检验仅供参考。</translation>
        </message>
        <message>
            <source>{metric} on each fold</source>
            <translation>各折的{metric}</translation>
        </message>
        <message>
            <source>Tick “Learning curve” and compare again to see how each algorithm learns with more rows</source>
            <translation>勾选“学习曲线”并重新比较，即可查看各算法随训练行增多的学习情况</translation>
        </message>
        <message>
            <source>training rows (mean over the folds)</source>
            <translation>训练行数（各折均值）</translation>
        </message>
        <message>
            <source>Learning curve: {metric}, each size on the same test rows</source>
            <translation>学习曲线：{metric}，各规模均在相同的测试行上评分</translation>
        </message>
        <message>
            <source>No algorithm here answers “pending”: tick the trichotomy tree (try its trim at 0, 0.02, 0.05, 0.1)</source>
            <translation>此处没有会回答“待定”的算法：请勾选三分法序贯判别树（可将其 trim 设为 0、0.02、0.05、0.1）</translation>
        </message>
        <message>
            <source>pending rate, % of cases (left undecided)</source>
            <translation>待定率，占样本的 %（未作判定）</translation>
        </message>
        <message>
            <source>misclassification rate, % of cases (wrong decisions)</source>
            <translation>误分类率，占样本的 %（判定错误）</translation>
        </message>
        <message>
            <source>Error against pending, means over the folds</source>
            <translation>错误与待定（各折均值）</translation>
        </message>
        <message>
            <source>Needs at least two algorithms on at least two folds</source>
            <translation>至少需要两个算法、两折</translation>
        </message>
        <message>
            <source>average rank on {metric} (1: best)</source>
            <translation>{metric}的平均秩（1：最好）</translation>
        </message>
        <message>
            <source>Critical difference (Nemenyi, alpha {alpha}): no significant difference within a red bar</source>
            <translation>临界差（Nemenyi，α = {alpha}）：同一红色横条内无显著差异</translation>
        </message>
        <message>
            <source>Export the comparison</source>
            <translation>导出比较结果</translation>
        </message>
        <message>
            <source>Excel workbook</source>
            <translation>Excel 工作簿</translation>
        </message>
    </context>
    <context>
        <name>ConsultPanel</name>
        <message>
            <source>product</source>
            <translation>乘积</translation>
        </message>
        <message>
            <source>minimum</source>
            <translation>最小值</translation>
        </message>
        <message>
            <source>, </source>
            <translation>、</translation>
        </message>
        <message>
            <source>Reached {count} node (weight = firing strength, {tnorm} along the path), all after {steps}:</source>
            <translation>到达 {count} 个节点（权重 = 激活强度，沿路径按{tnorm}合成），均在 {steps} 之后：</translation>
        </message>
        <message>
            <source>Reached {count} nodes (weight = firing strength, {tnorm} along the path), all after {steps}:</source>
            <translation>到达 {count} 个节点（权重 = 激活强度，沿路径按{tnorm}合成），均在 {steps} 之后：</translation>
        </message>
        <message>
            <source>Reached {count} node (weight = firing strength, {tnorm} along the path):</source>
            <translation>到达 {count} 个节点（权重 = 激活强度，沿路径按{tnorm}合成）：</translation>
        </message>
        <message>
            <source>Reached {count} nodes (weight = firing strength, {tnorm} along the path):</source>
            <translation>到达 {count} 个节点（权重 = 激活强度，沿路径按{tnorm}合成）：</translation>
        </message>
        <message>
            <source>the root</source>
            <translation>根节点</translation>
        </message>
        <message>
            <source> (stopped: {names} not known)</source>
            <translation>（停止：{names} 未知）</translation>
        </message>
        <message>
            <source> ({names} not asked)</source>
            <translation>（未询问 {names}）</translation>
        </message>
        <message>
            <source> (asks {names})</source>
            <translation>（询问 {names}）</translation>
        </message>
        <message>
            <source>  ... {count} more, weight {weight} in all</source>
            <translation>  … 另有 {count} 个，权重合计 {weight}</translation>
        </message>
        <message>
            <source>New case</source>
            <translation>新建案例</translation>
        </message>
        <message>
            <source>case name (optional), e.g. applicant 17</source>
            <translation>案例名称（可选），例如 申请人 17</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>撤销</translation>
        </message>
        <message>
            <source>Plan the questions (any attribute below, least expected cost first)</source>
            <translation>规划提问（可问下方任意属性，期望代价最小者优先）</translation>
        </message>
        <message>
            <source>On: a new case may be asked any attribute that a still-possible rule tests, in the order that costs least on average (tests, waiting and misclassification); it ends as soon as every still-possible rule gives one answer. Off: the tree's next tests, the most expected cost removed per unit of cost first. Fuzzy and trichotomy trees are always asked the second way.</source>
            <translation>开启：新案例可被问到任何仍可能成立的规则所测试的属性，按平均代价（测试、等待与误分类）最小的顺序提问；一旦所有仍可能成立的规则给出同一答案即结束。关闭：按决策树接下来的测试提问，每单位代价消除期望代价最多者优先。模糊决策树与三分法决策树总按第二种方式提问。</translation>
        </message>
        <message>
            <source>Stop when tests cost more than they can save</source>
            <translation>测试代价高于其可节省的代价时停止</translation>
        </message>
        <message>
            <source>Also end a new case when no remaining test costs less than the expected misclassification cost it could still remove (E now - E*); meaningful when test and misclassification costs share one unit.</source>
            <translation>当没有任何剩余测试的代价低于其仍可消除的期望误分类代价（E当前 − E*）时，也结束新案例；仅当测试代价与误分类代价使用同一单位时才有意义。</translation>
        </message>
        <message>
            <source>Answer</source>
            <translation>答案</translation>
        </message>
        <message>
            <source>Follow the case</source>
            <translation>跟随案例</translation>
        </message>
        <message>
            <source>Whole tree</source>
            <translation>整棵树</translation>
        </message>
        <message>
            <source>The session could not be saved: {error}</source>
            <translation>无法保存会话：{error}</translation>
        </message>
        <message>
            <source>Train a model, then start a new case.</source>
            <translation>请先训练模型，再开始新案例。</translation>
        </message>
        <message>
            <source>Press New case to consult the model on a case.</source>
            <translation>按“新建案例”，就一个案例咨询模型。</translation>
        </message>
        <message>
            <source>Answer: {label}</source>
            <translation>答案：{label}</translation>
        </message>
        <message>
            <source>So far: {label}</source>
            <translation>目前：{label}</translation>
        </message>
        <message>
            <source>  ({share} of training cases here)</source>
            <translation>（占此处训练样本的 {share}）</translation>
        </message>
        <message>
            <source>Rule: {rule}</source>
            <translation>规则：{rule}</translation>
        </message>
        <message>
            <source>Not known: {names}</source>
            <translation>未知：{names}</translation>
        </message>
        <message>
            <source>Could not settle it: {names}</source>
            <translation>未能据此判定：{names}</translation>
        </message>
        <message>
            <source>Note: {note}</source>
            <translation>提示：{note}</translation>
        </message>
        <message>
            <source>Distribution: {distribution}</source>
            <translation>分布：{distribution}</translation>
        </message>
        <message>
            <source>Paid: tests {tests} + waiting {waiting} = {total}; common costs saved {saved}</source>
            <translation>已付：测试代价 {tests} + 等待时间代价 {waiting} = {total}；节省的公共代价 {saved}</translation>
        </message>
        <message>
            <source>Paid: tests {tests} + waiting {waiting} = {total}; common costs saved {saved}, budget left {left}</source>
            <translation>已付：测试代价 {tests} + 等待时间代价 {waiting} = {total}；节省的公共代价 {saved}，剩余预算 {left}</translation>
        </message>
        <message>
            <source>Few cases: this answer rests on a leaf of too few training cases to act on alone</source>
            <translation>案例过少：此答案所依据的叶节点训练案例过少，不宜单独据此行事</translation>
        </message>
        <message>
            <source>Node {node}: {why}</source>
            <translation>节点 {node}：{why}</translation>
        </message>
        <message>
            <source>  its confidence lies within {low:.0%}–{high:.0%} ({n} effective cases)</source>
            <translation>  其置信度位于 {low:.0%}–{high:.0%} 之间（有效案例 {n} 个）</translation>
        </message>
        <message>
            <source> (stopped here: {names} unknown)</source>
            <translation>（停在此处：{names} 未知）</translation>
        </message>
        <message>
            <source> (stopped here: a prerequisite is unknown)</source>
            <translation>（停在此处：某个前置属性未知）</translation>
        </message>
        <message>
            <source> (every rule below ends in {label})</source>
            <translation>（下方每条规则的结论都是 {label}）</translation>
        </message>
        <message>
            <source>score</source>
            <translation>得分</translation>
        </message>
        <message>
            <source>  ({meaning} {score})</source>
            <translation>（{meaning} {score}）</translation>
        </message>
        <message>
            <source>Scores ({meaning}): {scores}</source>
            <translation>得分（{meaning}）：{scores}</translation>
        </message>
        <message>
            <source>node {node}: {label}</source>
            <translation>节点 {node}：{label}</translation>
        </message>
        <message>
            <source> (not asked further)</source>
            <translation>（未继续提问）</translation>
        </message>
        <message>
            <source>Rule ({weight}): {rule}</source>
            <translation>规则（{weight}）：{rule}</translation>
        </message>
        <message>
            <source>This session cannot be resumed: {error}</source>
            <translation>无法继续此会话：{error}</translation>
        </message>
        <message>
            <source>This case was consulted with another model; it is resumed with that model.</source>
            <translation>此案例是用另一个模型咨询的，将用该模型继续。</translation>
        </message>
    </context>
    <context>
        <name>CostEditor</name>
        <message>
            <source>Misclassification costs and budget</source>
            <translation>误分类代价与预算</translation>
        </message>
        <message>
            <source>use a cost matrix (otherwise every error costs 1)</source>
            <translation>使用代价矩阵（否则每个错误的代价为 1）</translation>
        </message>
        <message>
            <source>|i - j| (ordered classes)</source>
            <translation>|i - j|（有序类别）</translation>
        </message>
        <message>
            <source>Reset to</source>
            <translation>重置为</translation>
        </message>
        <message>
            <source>budget per case (cost units)</source>
            <translation>每个案例的预算（代价单位）</translation>
        </message>
        <message>
            <source>What one unit of waiting time costs, in cost units: a test's waiting cost is its wait time times this, plus its wait cost</source>
            <translation>一个单位等待时间的代价（代价单位）：检查的等待代价 = 等待时间 × 此值 + 其等待代价</translation>
        </message>
        <message>
            <source>cost per time unit:</source>
            <translation>单位时间代价：</translation>
        </message>
        <message>
            <source>Rows: the true class. Columns: the class answered. Each cell: what that answer costs for a case of that class.</source>
            <translation>行：真实类别。列：给出的类别。每个单元格：对该类别的样本给出该答案的代价。</translation>
        </message>
        <message>
            <source>Not a number: this cost is not changed</source>
            <translation>不是数字：此代价未更改</translation>
        </message>
    </context>
    <context>
        <name>DataPanel</name>
        <message>
            <source>numeric</source>
            <extracomment>the column types the reader infers (keys of the engine), as the columns table shows them</extracomment>
            <translation>数值型</translation>
        </message>
        <message>
            <source>nominal</source>
            <translation>名义型</translation>
        </message>
        <message>
            <source>ordinal</source>
            <translation>有序型</translation>
        </message>
        <message>
            <source>No data yet: File &gt; Open data or Open project.</source>
            <translation>尚无数据：请选择“文件 &gt; 打开数据”或“打开项目”。</translation>
        </message>
        <message>
            <source>Workbook sheet</source>
            <translation>工作簿中的工作表</translation>
        </message>
        <message>
            <source>Sheet:</source>
            <translation>工作表：</translation>
        </message>
        <message>
            <source>found</source>
            <translation>自动识别</translation>
        </message>
        <message>
            <source>The row that holds the column names; the rows above it are skipped. “found”: the first filled row, or the row under a one-cell title</source>
            <translation>列名所在的行；其上方的行将被跳过。“自动识别”：第一个非空行，或单单元格标题下方的行</translation>
        </message>
        <message>
            <source>Header row:</source>
            <translation>表头行：</translation>
        </message>
        <message>
            <source>column</source>
            <translation>列</translation>
        </message>
        <message>
            <source>type</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>missing</source>
            <translation>缺失值</translation>
        </message>
        <message>
            <source>distinct</source>
            <translation>不同值</translation>
        </message>
        <message>
            <source>values</source>
            <translation>取值</translation>
        </message>
        <message>
            <source>Read {texts} in “{column}” as missing</source>
            <translation>把“{column}”中的 {texts} 读作缺失值</translation>
        </message>
        <message>
            <source>The cells that are not numbers, rows {rows}: read as missing, the column is numeric. The project keeps this choice.</source>
            <translation>不是数字的单元格在第 {rows} 行：读作缺失值后该列为数值型。项目会保存此选择。</translation>
        </message>
        <message>
            <source>Use “{column}” again</source>
            <translation>重新使用“{column}”</translation>
        </message>
        <message>
            <source>Left out of training because {reason}</source>
            <translation>未参与训练，因为{reason}</translation>
        </message>
        <message>
            <source>{file}, sheet "{sheet}"</source>
            <translation>{file}，工作表“{sheet}”</translation>
        </message>
        <message>
            <source>{where}: {rows} rows, {columns} columns; {warnings} warning(s)</source>
            <translation>{where}：{rows} 行，{columns} 列；{warnings} 条警告</translation>
        </message>
        <message>
            <source>{where}: {rows} rows, {columns} columns</source>
            <translation>{where}：{rows} 行，{columns} 列</translation>
        </message>
        <message>
            <source>Warning: {warning}</source>
            <translation>警告：{warning}</translation>
        </message>
        <message>
            <source>... and {count} more (hover the summary above)</source>
            <translation>…… 另有 {count} 条（将鼠标悬停在上方的摘要上查看）</translation>
        </message>
    </context>
    <context>
        <name>EditFlow</name>
        <message>
            <source>Open the data the model was trained on to edit its tree.</source>
            <translation>请打开模型训练所用的数据，以编辑其决策树。</translation>
        </message>
        <message>
            <source>regrowing below {path}...</source>
            <translation>正在 {path} 之下重新生长...</translation>
        </message>
        <message>
            <source>{algorithm}, edited ({n} edit)</source>
            <translation>{algorithm}，已编辑（{n} 处编辑）</translation>
        </message>
        <message>
            <source>{algorithm}, edited ({n} edits)</source>
            <translation>{algorithm}，已编辑（{n} 处编辑）</translation>
        </message>
        <message>
            <source>{model}: {accuracy} on the training rows (optimistic)</source>
            <translation>{model}：训练样本上 {accuracy}（偏乐观）</translation>
        </message>
        <message>
            <source>; cross-validating with the edits replayed...</source>
            <translation>；正在交叉验证（重放编辑）...</translation>
        </message>
        <message>
            <source>; cross-validated ({k} folds, the edits replayed on each fold's training rows): {edited} ± {edited_sd}, {learner} alone {alone} ± {alone_sd} in the same folds</source>
            <translation>；交叉验证（{k} 折，编辑在每折的训练样本上重放）：{edited} ± {edited_sd}，同样各折中仅 {learner} 为 {alone} ± {alone_sd}</translation>
        </message>
        <message>
            <source>done</source>
            <translation>完成</translation>
        </message>
    </context>
    <context>
        <name>Errors</name>
        <message>
            <source>Your work is kept.</source>
            <extracomment>said after a message about a file that could not be written (translated where shown)</extracomment>
            <translation>您的工作已保留。</translation>
        </message>
        <message>
            <source>{message} {work_kept}</source>
            <translation>{message}{work_kept}</translation>
        </message>
        <message>
            <source>The file could not be written: {reason}.</source>
            <translation>无法写入文件：{reason}。</translation>
        </message>
        <message>
            <source>The file could not be read: {reason}.</source>
            <translation>无法读取文件：{reason}。</translation>
        </message>
        <message>
            <source>"{path}" is a folder, not a file: "{name}" cannot be written over it. Choose a file name.</source>
            <translation>“{path}”是文件夹而不是文件：无法用“{name}”覆盖它。请选择一个文件名。</translation>
        </message>
        <message>
            <source>"{name}" cannot be written: "{file}" is a file, not a folder. Choose another folder.</source>
            <translation>无法写入“{name}”：“{file}”是文件而不是文件夹。请选择其他文件夹。</translation>
        </message>
        <message>
            <source>The folder "{folder}" does not exist (was it moved, deleted, or a drive removed?): "{name}" cannot be written there. Choose another folder.</source>
            <translation>文件夹“{folder}”不存在（是否已被移动、删除，或驱动器已移除？）：无法在此写入“{name}”。请选择其他文件夹。</translation>
        </message>
        <message>
            <source>The file "{path}" does not exist (was it moved or deleted?).</source>
            <translation>文件“{path}”不存在（是否已被移动或删除？）。</translation>
        </message>
        <message>
            <source>"{path}" is a folder, not a file.</source>
            <translation>“{path}”是文件夹而不是文件。</translation>
        </message>
        <message>
            <source>The disk is full: "{path}" could not be written. Free some space or choose another disk.</source>
            <translation>磁盘已满：无法写入“{path}”。请释放一些空间或选择其他磁盘。</translation>
        </message>
        <message>
            <source>The folder "{folder}" is on a read-only disk: "{name}" cannot be written there. Choose another folder.</source>
            <translation>文件夹“{folder}”位于只读磁盘上：无法在此写入“{name}”。请选择其他文件夹。</translation>
        </message>
        <message>
            <source>"{path}" cannot be written: you may not write in the folder "{folder}", or the file is read-only or open in another program. Choose another folder, or close the file.</source>
            <translation>无法写入“{path}”：您可能没有文件夹“{folder}”的写入权限，或该文件为只读或已在其他程序中打开。请选择其他文件夹，或关闭该文件。</translation>
        </message>
        <message>
            <source>"{path}" cannot be read: you may not read it, or another program holds it.</source>
            <translation>无法读取“{path}”：您可能没有读取权限，或该文件被其他程序占用。</translation>
        </message>
        <message>
            <source>The name "{path}" is too long for the disk. Choose a shorter name.</source>
            <translation>名称“{path}”对该磁盘而言过长。请选择较短的名称。</translation>
        </message>
        <message>
            <source>"{path}" is a folder, not a file. Choose a file name.</source>
            <translation>“{path}”是文件夹而不是文件。请选择一个文件名。</translation>
        </message>
        <message>
            <source>"{path}" cannot be written: a part of the path is a file, not a folder.</source>
            <translation>无法写入“{path}”：路径中的某一部分是文件而不是文件夹。</translation>
        </message>
        <message>
            <source>"{path}" cannot be read: a part of the path is a file, not a folder.</source>
            <translation>无法读取“{path}”：路径中的某一部分是文件而不是文件夹。</translation>
        </message>
        <message>
            <source>"{path}" could not be written: {reason}.</source>
            <translation>无法写入“{path}”：{reason}。</translation>
        </message>
        <message>
            <source>"{path}" could not be read: {reason}.</source>
            <translation>无法读取“{path}”：{reason}。</translation>
        </message>
        <message>
            <source>Something went wrong ({error}). Your work is kept. The details are in {log}.</source>
            <translation>出现了问题（{error}）。您的工作已保留。详细信息见 {log}。</translation>
        </message>
    </context>
    <context>
        <name>FuzzyTermsEditor</name>
        <message>
            <source>Fuzzy terms (HFDT, fuzzy ID3, Min-Ambiguity)</source>
            <translation>模糊语义值（HFDT、模糊 ID3、Min-Ambiguity）</translation>
        </message>
        <message>
            <source>Numeric attributes; the fuzzy learners give each of them triangular terms</source>
            <translation>数值型属性；模糊学习算法为每个属性生成三角形模糊语义值</translation>
        </message>
        <message>
            <source>Terms the Kohonen map makes (HFDT's k). Train with the same k for these names to be used.</source>
            <translation>Kohonen 映射生成的模糊语义值个数（HFDT 的 k）。训练时须使用相同的 k，这些名称才会被采用。</translation>
        </message>
        <message>
            <source>fixed centres</source>
            <translation>固定中心</translation>
        </message>
        <message>
            <source>Use the centres in the table instead of the Kohonen map's (e.g. a clinical value for "normal")</source>
            <translation>使用表中的中心，而非 Kohonen 映射的中心（例如“正常”的临床值）</translation>
        </message>
        <message>
            <source>Default names</source>
            <translation>默认名称</translation>
        </message>
        <message>
            <source>Forget this attribute's term names and fixed centres</source>
            <translation>清除此属性的模糊语义值名称和固定中心</translation>
        </message>
        <message>
            <source>name</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>centre</source>
            <translation>中心</translation>
        </message>
        <message>
            <source>Attribute:</source>
            <translation>属性：</translation>
        </message>
        <message>
            <source>No fuzzy terms for {name}: {reason}.</source>
            <translation>{name} 没有模糊语义值：{reason}。</translation>
        </message>
        <message>
            <source>the Kohonen map's centre; tick "fixed centres" to set your own</source>
            <translation>Kohonen 映射的中心；勾选“固定中心”可自行设置</translation>
        </message>
        <message>
            <source>Not used: {reason}.</source>
            <translation>未使用：{reason}。</translation>
        </message>
        <message>
            <source>No numeric attribute: the fuzzy learners keep one crisp term per value.</source>
            <translation>没有数值型属性：模糊学习算法为每个取值保留一个清晰的语义值。</translation>
        </message>
        <message>
            <source>Your fixed centres; {count} known values below.</source>
            <translation>您设置的固定中心；下方为 {count} 个已知取值。</translation>
        </message>
        <message>
            <source>Centres from the Kohonen map of the {count} known values (k = {k}, learning rate {rate}, {epochs} epochs, seed {seed}): the terms HFDT makes when trained on all rows.</source>
            <translation>由 {count} 个已知取值的 Kohonen 映射得到的中心（k = {k}，学习率 {rate}，{epochs} 轮，随机种子 {seed}）：即 HFDT 在全部行上训练时生成的模糊语义值。</translation>
        </message>
        <message>
            <source>"{text}" is not a centre here: the centres increase, so it must be a number above {low} and below {high}.</source>
            <translation>“{text}”不能作为此处的中心：中心须递增，因此它必须是大于 {low} 且小于 {high} 的数。</translation>
        </message>
        <message>
            <source>"{text}" is not a centre here: the centres increase, so it must be a number above {low}.</source>
            <translation>“{text}”不能作为此处的中心：中心须递增，因此它必须是大于 {low} 的数。</translation>
        </message>
        <message>
            <source>"{text}" is not a centre here: the centres increase, so it must be a number below {high}.</source>
            <translation>“{text}”不能作为此处的中心：中心须递增，因此它必须是小于 {high} 的数。</translation>
        </message>
        <message>
            <source>"{text}" is not a centre here: the centres increase, so it must be a number that is finite.</source>
            <translation>“{text}”不能作为此处的中心：中心须递增，因此它必须是有限的数。</translation>
        </message>
    </context>
    <context>
        <name>GuidelinePanel</name>
        <message>
            <source>Type or paste your own rules, one a line, the first that holds answers; the last is the default (ELSE class). The same words as the Rules tab: IF ... AND ... THEN class, ELSE IF ..., ELSE class; or 如果 ... 且 ... 则 ...，否则 ....</source>
            <translation>输入或粘贴您自己的规则，每行一条，第一条成立的规则给出答案；最后一条是默认类别（否则 类别）。用词与规则选项卡相同：如果 ... 且 ... 则 类别，否则如果 ...，否则 类别；也可写英文 IF ... AND ... THEN ...，ELSE ...。</translation>
        </message>
        <message>
            <source>Open a data file to check the rules against its columns.</source>
            <translation>请打开数据文件，以按其列检查规则。</translation>
        </message>
        <message>
            <source>The data's attributes and their values; double-click one to type its name</source>
            <translation>数据的属性及其取值；双击即输入其名称</translation>
        </message>
        <message>
            <source>Open a text file...</source>
            <translation>打开文本文件...</translation>
        </message>
        <message>
            <source>Score like a learner</source>
            <translation>像学习器一样评分</translation>
        </message>
        <message>
            <source>Train the guideline as the learner "guideline" with the Train tab's scheme (hold-out or cross-validation): its figures beside the baseline, its tree, rules and consultation</source>
            <translation>把指南作为学习器“guideline”按训练选项卡的方案（留出法或交叉验证）训练：其指标与基线并列，并有其决策树、规则和咨询</translation>
        </message>
        <message>
            <source>Add to Compare</source>
            <translation>加入比较</translation>
        </message>
        <message>
            <source>Tick the guideline on the Compare tab with these rules, to test it against the learners in the same folds</source>
            <translation>在比较选项卡上勾选带这些规则的指南，在同样的各折中与学习器对比检验</translation>
        </message>
        <message>
            <source>Attributes</source>
            <translation>属性</translation>
        </message>
        <message>
            <source>Type the rules above.</source>
            <translation>请在上方输入规则。</translation>
        </message>
        <message>
            <source>{n} rule and the default: ready to score</source>
            <translation>{n} 条规则及默认类别：可以评分</translation>
        </message>
        <message>
            <source>{n} rules and the default: ready to score</source>
            <translation>{n} 条规则及默认类别：可以评分</translation>
        </message>
        <message>
            <source>{target} (the class): {values}</source>
            <translation>{target}（类别）：{values}</translation>
        </message>
        <message>
            <source>{name}: a number from {low} to {high}</source>
            <translation>{name}：数值，从 {low} 到 {high}</translation>
        </message>
        <message>
            <source>{name}: a number</source>
            <translation>{name}：数值</translation>
        </message>
        <message>
            <source>{n} problem: the rules cannot be scored yet</source>
            <translation>{n} 处问题：规则暂不能评分</translation>
        </message>
        <message>
            <source>{n} problems: the rules cannot be scored yet</source>
            <translation>{n} 处问题：规则暂不能评分</translation>
        </message>
        <message>
            <source>line {line}, column {column}: {message}</source>
            <translation>第 {line} 行，第 {column} 列：{message}</translation>
        </message>
        <message>
            <source>Open a guideline</source>
            <translation>打开指南</translation>
        </message>
        <message>
            <source>Text (*.txt *.md);;All files (*)</source>
            <translation>文本 (*.txt *.md);;所有文件 (*)</translation>
        </message>
    </context>
    <context>
        <name>HierarchyEditor</name>
        <message>
            <source>Class hierarchy</source>
            <translation>类别层次</translation>
        </message>
        <message>
            <source>label</source>
            <translation>类标签</translation>
        </message>
        <message>
            <source>parent</source>
            <translation>父标签</translation>
        </message>
        <message>
            <source>Add / move</source>
            <translation>添加 / 移动</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>移除</translation>
        </message>
        <message>
            <source>Import label,parent...</source>
            <translation>导入“标签,父标签”文件…</translation>
        </message>
        <message>
            <source>Split path labels</source>
            <translation>拆分路径式标签</translation>
        </message>
        <message>
            <source>Build the hierarchy from class labels such as "Rock/Sedimentary/Sandstone"</source>
            <translation>由“岩石/沉积岩/砂岩”这样的类标签构建类别层次</translation>
        </message>
        <message>
            <source>Import hierarchy</source>
            <translation>导入类别层次</translation>
        </message>
        <message>
            <source>Tables (*.csv *.xlsx *.txt)</source>
            <translation>表格 (*.csv *.xlsx *.txt)</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>Data</source>
            <extracomment>how long closing the window waits for a cancelled job to stop before it closes all the same</extracomment>
            <translation>数据</translation>
        </message>
        <message>
            <source>Problem</source>
            <translation>问题</translation>
        </message>
        <message>
            <source>Train</source>
            <translation>训练</translation>
        </message>
        <message>
            <source>Tree</source>
            <translation>决策树</translation>
        </message>
        <message>
            <source>Rules</source>
            <translation>规则</translation>
        </message>
        <message>
            <source>Consult</source>
            <translation>咨询</translation>
        </message>
        <message>
            <source>Compare</source>
            <translation>比较</translation>
        </message>
        <message>
            <source>Guideline</source>
            <translation>指南</translation>
        </message>
        <message>
            <source>cancelled</source>
            <translation>已取消</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;Open data...</source>
            <translation>打开数据(&amp;O)…</translation>
        </message>
        <message>
            <source>Open &amp;project...</source>
            <translation>打开项目(&amp;P)…</translation>
        </message>
        <message>
            <source>&amp;Save project</source>
            <translation>保存项目(&amp;S)</translation>
        </message>
        <message>
            <source>Save project &amp;as...</source>
            <translation>项目另存为(&amp;A)…</translation>
        </message>
        <message>
            <source>&amp;Recent files</source>
            <translation>最近的文件(&amp;R)</translation>
        </message>
        <message>
            <source>Open &amp;demo project</source>
            <translation>打开示例项目(&amp;D)</translation>
        </message>
        <message>
            <source>Re&amp;load data</source>
            <translation>重新读取数据(&amp;L)</translation>
        </message>
        <message>
            <source>Replace data &amp;file...</source>
            <translation>替换数据文件(&amp;F)...</translation>
        </message>
        <message>
            <source>Save &amp;model...</source>
            <translation>保存模型(&amp;M)…</translation>
        </message>
        <message>
            <source>Open mo&amp;del...</source>
            <translation>打开模型(&amp;D)…</translation>
        </message>
        <message>
            <source>&amp;Predict a file...</source>
            <translation>预测文件(&amp;P)…</translation>
        </message>
        <message>
            <source>&amp;Export rules to Excel...</source>
            <translation>将规则导出到 Excel(&amp;E)…</translation>
        </message>
        <message>
            <source>Export &amp;consultations to Excel...</source>
            <translation>将咨询记录导出到 Excel(&amp;C)…</translation>
        </message>
        <message>
            <source>E&amp;xport the model as PMML...</source>
            <translation>将模型导出为 PMML(&amp;X)...</translation>
        </message>
        <message>
            <source>Export the model as an Excel calc&amp;ulator...</source>
            <translation>将模型导出为 Excel 计算器(&amp;U)...</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>编辑(&amp;E)</translation>
        </message>
        <message>
            <source>&amp;Undo tree edit</source>
            <translation>撤销树的编辑(&amp;U)</translation>
        </message>
        <message>
            <source>&amp;Redo tree edit</source>
            <translation>重做树的编辑(&amp;R)</translation>
        </message>
        <message>
            <source>Add the edited model to &amp;Compare</source>
            <translation>把编辑过的模型加入比较(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;User guide</source>
            <translation>使用指南(&amp;U)</translation>
        </message>
        <message>
            <source>&amp;About</source>
            <translation>关于(&amp;A)</translation>
        </message>
        <message>
            <source>Train the algorithm chosen on the Train tab (Ctrl+T)</source>
            <translation>训练在“训练”选项卡上选择的算法（Ctrl+T）</translation>
        </message>
        <message>
            <source>Export rules...</source>
            <translation>导出规则…</translation>
        </message>
        <message>
            <source>Main</source>
            <translation>主工具栏</translation>
        </message>
        <message>
            <source>The language will change the next time RuleTree Studio starts.</source>
            <extracomment>what choosing a language in View &gt; Language says, in each language (shown in the language chosen too)</extracomment>
            <translation>界面语言将在下次启动 RuleTree Studio 时更改。</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>语言(&amp;L)</translation>
        </message>
        <message>
            <source>Restart now?</source>
            <extracomment>the question after a language was chosen, in each language</extracomment>
            <translation>立即重新启动吗？</translation>
        </message>
        <message>
            <source>RuleTree Studio could not be started again; start it yourself to see the new language.</source>
            <translation>无法重新启动 RuleTree Studio；请自行启动以使用新语言。</translation>
        </message>
        <message>
            <source>Open a spreadsheet (File &gt; Open data) or the demo project (File &gt; Open demo project).</source>
            <translation>请打开一个电子表格（文件 &gt; 打开数据）或示例项目（文件 &gt; 打开示例项目）。</translation>
        </message>
        <message>
            <source>Check the target and the attributes on the Problem tab, then train on the Train tab (Ctrl+T).</source>
            <translation>请在“问题”选项卡上检查目标列和属性，然后在“训练”选项卡上训练（Ctrl+T）。</translation>
        </message>
        <message>
            <source>See the tree and the rules, consult the model case by case on the Consult tab, or export the rules (Ctrl+E).</source>
            <translation>查看决策树和规则，在“咨询”选项卡上逐个样本地咨询模型，或导出规则（Ctrl+E）。</translation>
        </message>
        <message>
            <source>{file}: {rows} rows</source>
            <translation>{file}：{rows} 行</translation>
        </message>
        <message>
            <source>model: {algorithm}, {leaves} leaf</source>
            <translation>模型：{algorithm}，{leaves} 个叶节点</translation>
        </message>
        <message>
            <source>model: {algorithm}, {leaves} leaves</source>
            <translation>模型：{algorithm}，{leaves} 个叶节点</translation>
        </message>
        <message>
            <source>{app} {version}

Python {python}, Qt (PySide6) {pyside}, NumPy {numpy}, pandas {pandas}, Numba {numba}

The research methods and the papers they follow: Help &gt; User guide (F1).</source>
            <translation>{app} {version}

Python {python}，Qt（PySide6）{pyside}，NumPy {numpy}，pandas {pandas}，Numba {numba}

研究类方法及其所依据的论文：帮助 &gt; 使用指南（F1）。</translation>
        </message>
        <message>
            <source>Open data</source>
            <translation>打开数据</translation>
        </message>
        <message>
            <source>Export a prin&amp;table report (PDF)...</source>
            <translation>导出可打印报告(&amp;T)...</translation>
        </message>
        <message>
            <source>Open project</source>
            <translation>打开项目</translation>
        </message>
        <message>
            <source>Save project</source>
            <translation>保存项目</translation>
        </message>
        <message>
            <source>{app}: user guide</source>
            <translation>{app}：使用指南</translation>
        </message>
        <message>
            <source>The user guide cannot be read ({error}).</source>
            <translation>无法读取使用指南（{error}）。</translation>
        </message>
        <message>
            <source>About {app}</source>
            <translation>关于 {app}</translation>
        </message>
    </context>
    <context>
        <name>MembershipPlot</name>
        <message>
            <source>membership</source>
            <translation>隶属度</translation>
        </message>
        <message>
            <source>cases</source>
            <translation>样本数</translation>
        </message>
        <message>
            <source>no values to fuzzify</source>
            <translation>没有可模糊化的值</translation>
        </message>
    </context>
    <context>
        <name>ModelFlow</name>
        <message>
            <source>Train a model first.</source>
            <extracomment>the folds of the report's cross-validation (as `ruletree report`'s default)</extracomment>
            <translation>请先训练模型。</translation>
        </message>
        <message>
            <source>Save the model</source>
            <translation>保存模型</translation>
        </message>
        <message>
            <source>RuleTree models (*.json)</source>
            <translation>RuleTree 模型 (*.json)</translation>
        </message>
        <message>
            <source>Export the model as PMML</source>
            <translation>将模型导出为 PMML</translation>
        </message>
        <message>
            <source>PMML 4.4 (*.pmml)</source>
            <translation>PMML 4.4 (*.pmml)</translation>
        </message>
        <message>
            <source>Wait until the running job ends (or cancel it), then export the report.</source>
            <translation>请等正在运行的任务结束（或取消它）后再导出报告。</translation>
        </message>
        <message>
            <source>Export a printable report</source>
            <translation>导出可打印报告</translation>
        </message>
        <message>
            <source>PDF (*.pdf)</source>
            <translation>PDF (*.pdf)</translation>
        </message>
        <message>
            <source>writing the report (cross-validating)...</source>
            <translation>正在生成报告（交叉验证中）...</translation>
        </message>
        <message>
            <source>report written: {path}</source>
            <translation>报告已写入：{path}</translation>
        </message>
        <message>
            <source>Report written: {path}</source>
            <translation>报告已写入：{path}</translation>
        </message>
        <message>
            <source>Export the model as an Excel calculator</source>
            <translation>将模型导出为 Excel 计算器</translation>
        </message>
        <message>
            <source>Excel workbooks (*.xlsx)</source>
            <translation>Excel 工作簿 (*.xlsx)</translation>
        </message>
        <message>
            <source>Open a model</source>
            <translation>打开模型</translation>
        </message>
        <message>
            <source>Models (*.json *.pmml);;RuleTree models (*.json);;PMML TreeModels from other tools (*.pmml)</source>
            <translation>模型 (*.json *.pmml);;RuleTree 模型 (*.json);;其他工具的 PMML TreeModel (*.pmml)</translation>
        </message>
        <message>
            <source>its cases counted on {file} ({rows} rows)</source>
            <translation>案例已在 {file} 上计数（{rows} 行）</translation>
        </message>
        <message>
            <source>Model imported from {file} (PMML, made by {application}): {leaves} leaves. The file does not say how many rows trained it; train here to score it on this data, or predict a file with it.{notes}</source>
            <translation>已从 {file} 导入模型（PMML，由 {application} 生成）：{leaves} 个叶节点。文件未说明训练所用的行数；在此训练即可在当前数据上评估，或用它预测一个文件。{notes}</translation>
        </message>
        <message>
            <source>an unnamed application</source>
            <translation>未署名的应用程序</translation>
        </message>
        <message>
            <source>Note: {note}</source>
            <translation>注意：{note}</translation>
        </message>
        <message>
            <source>Model opened from {file}: {algorithm}, trained on {rows} rows{data}. Its figures are those of the training that made it; train here to score it on this data.</source>
            <translation>已从 {file} 打开模型：{algorithm}，在{data} {rows} 行上训练。其指标来自当初的训练；在此训练即可在当前数据上评估。</translation>
        </message>
        <message>
            <source> of {file}</source>
            <translation> {file} 的</translation>
        </message>
        <message>
            <source>Count the cases?</source>
            <translation>计数案例？</translation>
        </message>
        <message>
            <source>The file gives each leaf's class shares, not how many training cases reached it, so every leaf would show as one case. Count the cases on the open data ({file}, {rows} rows)? Do this only if these rows trained the model.</source>
            <translation>该文件给出的是每个叶节点的类别比例，而不是到达该节点的训练案例数，因此每个叶节点都会显示为一个案例。要在已打开的数据（{file}，{rows} 行）上计数案例吗？仅当这些行就是训练该模型的数据时才这样做。</translation>
        </message>
        <message>
            <source>Train or open a model first.</source>
            <translation>请先训练或打开模型。</translation>
        </message>
        <message>
            <source>Predict a file</source>
            <translation>预测文件</translation>
        </message>
        <message>
            <source>Tables ({patterns});;All files (*)</source>
            <translation>表格 ({patterns});;所有文件 (*)</translation>
        </message>
    </context>
    <context>
        <name>NodePane</name>
        <message>
            <source>Select a node of the tree to edit it.</source>
            <translation>选择决策树的一个节点即可编辑它。</translation>
        </message>
        <message>
            <source>Split here...</source>
            <translation>在此划分...</translation>
        </message>
        <message>
            <source>Prune to a leaf</source>
            <translation>剪枝为叶节点</translation>
        </message>
        <message>
            <source>Lock</source>
            <translation>锁定</translation>
        </message>
        <message>
            <source>Freeze this node and everything below it: no edit or regrowth changes it until it is unlocked</source>
            <translation>锁定该节点及其下的一切：解锁之前，任何编辑或重新生长都不会改变它</translation>
        </message>
        <message>
            <source>Regrow below</source>
            <translation>向下重新生长</translation>
        </message>
        <message>
            <source>Grow again below this node with the model's learner; the nodes you made or locked are kept</source>
            <translation>用模型的学习器在该节点之下重新生长；保留您所建或锁定的节点</translation>
        </message>
        <message>
            <source>Relabel</source>
            <translation>改标签</translation>
        </message>
        <message>
            <source>attribute</source>
            <translation>属性</translation>
        </message>
        <message>
            <source>criterion</source>
            <translation>准则</translation>
        </message>
        <message>
            <source>cut or groups</source>
            <translation>切分点或取值组</translation>
        </message>
        <message>
            <source>cases per branch</source>
            <translation>各分支样本数</translation>
        </message>
        <message>
            <source>cost</source>
            <translation>代价</translation>
        </message>
        <message>
            <source>The learner's own ranking of the splits at this node; double-click one to split here by it</source>
            <translation>学习器自己对该节点各划分的排名；双击其中一个即按它在此划分</translation>
        </message>
        <message>
            <source>Ranked candidates</source>
            <translation>候选划分排名</translation>
        </message>
        <message>
            <source>made by you</source>
            <translation>由您所建</translation>
        </message>
        <message>
            <source>learned</source>
            <translation>学习所得</translation>
        </message>
        <message>
            <source>, locked</source>
            <translation>，已锁定</translation>
        </message>
        <message>
            <source>, inside a locked branch</source>
            <translation>，位于已锁定的分支内</translation>
        </message>
        <message>
            <source>&lt;b&gt;Node {path}&lt;/b&gt; ({who}{lock}): {kind}, {weight} cases ({mix})</source>
            <translation>&lt;b&gt;节点 {path}&lt;/b&gt;（{who}{lock}）：{kind}，{weight} 个样本（{mix}）</translation>
        </message>
        <message>
            <source>leaf</source>
            <translation>叶节点</translation>
        </message>
        <message>
            <source>split</source>
            <translation>划分</translation>
        </message>
        <message>
            <source>Unlock</source>
            <translation>解锁</translation>
        </message>
        <message>
            <source>Open the model's data to see the candidates.</source>
            <translation>打开模型的数据即可查看候选划分。</translation>
        </message>
        <message>
            <source>{share}% of the best candidate's</source>
            <translation>为最佳候选的 {share}%</translation>
        </message>
        <message>
            <source>{n} candidates by {criterion} (bold: the learner's choice); double-click one to split here by it</source>
            <translation>按{criterion}排序的 {n} 个候选划分（粗体：学习器的选择）；双击其中一个即按它在此划分</translation>
        </message>
        <message>
            <source>no split is possible here</source>
            <translation>此处无法划分</translation>
        </message>
    </context>
    <context>
        <name>OpeningFlow</name>
        <message>
            <source>Car evaluation: four ordered classes, test costs, a batch group, a cost matrix</source>
            <extracomment>how many times a file is read again with another header row before the window gives up asking</extracomment>
            <translation>汽车评估：四个有序类别、测试代价、一个批量属性组、一个代价矩阵</translation>
        </message>
        <message>
            <source>Glass: six kinds of glass under a class hierarchy (window / not window)</source>
            <translation>玻璃：类别层次（窗户玻璃 / 非窗户玻璃）下的六种玻璃</translation>
        </message>
        <message>
            <source>心脏病 (heart disease, in Chinese): a clinician's workbook, notes on the first sheet</source>
            <translation>心脏病：临床医生的工作簿，第一个工作表上有说明</translation>
        </message>
        <message>
            <source>Open data</source>
            <translation>打开数据</translation>
        </message>
        <message>
            <source>Tables ({patterns});;All files (*)</source>
            <translation>表格 ({patterns});;所有文件 (*)</translation>
        </message>
        <message>
            <source>Open project</source>
            <translation>打开项目</translation>
        </message>
        <message>
            <source>Projects (*{suffix})</source>
            <translation>项目 (*{suffix})</translation>
        </message>
        <message>
            <source>Replace the data file</source>
            <translation>替换数据文件</translation>
        </message>
        <message>
            <source>{file} read again: {rows} rows; every setting kept</source>
            <translation>已重新读取 {file}：{rows} 行；所有设置均保留</translation>
        </message>
        <message>
            <source>Dropped:</source>
            <translation>已去掉：</translation>
        </message>
        <message>
            <source>Kept, but to correct on the Problem tab before training:</source>
            <translation>已保留，但训练前需在“问题”选项卡中更正：</translation>
        </message>
        <message>
            <source>{file} read: {rows} rows. Every other setting is kept.

{lines}</source>
            <translation>已读取 {file}：{rows} 行。其他设置均保留。

{lines}</translation>
        </message>
        <message>
            <source>The problem settings have changed. Save the project?</source>
            <translation>问题设置已更改。是否保存项目？</translation>
        </message>
        <message>
            <source>• {setting} ({field}): {message}</source>
            <translation>• {setting}（{field}）：{message}</translation>
        </message>
        <message>
            <source>• {setting}: {message}</source>
            <translation>• {setting}：{message}</translation>
        </message>
        <message>
            <source>• ... and {count} more</source>
            <translation>• …… 另有 {count} 项</translation>
        </message>
        <message>
            <source>The project "{name}" is open, but {count} of its settings cannot be used as they are:

{problems}

They are listed on the Problem tab: correct them there before training. The file is not changed until you save it.</source>
            <translation>项目“{name}”已打开，但其中有 {count} 个设置项无法按原样使用：

{problems}

它们已列在“问题”选项卡上：请在训练前在那里更正。在您保存之前，文件不会被更改。</translation>
        </message>
        <message>
            <source>The project "{name}" is open, but one of its settings cannot be used as it is:

{problems}

They are listed on the Problem tab: correct them there before training. The file is not changed until you save it.</source>
            <translation>项目“{name}”已打开，但其中有一个设置项无法按原样使用：

{problems}

它已列在“问题”选项卡上：请在训练前在那里更正。在您保存之前，文件不会被更改。</translation>
        </message>
        <message>
            <source>{message}

Which row holds the column names? The rows above it are skipped.</source>
            <translation>{message}

列名在哪一行？其上方的行将被跳过。</translation>
        </message>
        <message>
            <source>Save project</source>
            <translation>保存项目</translation>
        </message>
    </context>
    <context>
        <name>ParamForm</name>
        <message>
            <source>(default)</source>
            <extracomment>a problem choice left to the algorithm (value None); shown translated, kept as the item's data</extracomment>
            <translation>（默认）</translation>
        </message>
        <message>
            <source>Prune</source>
            <extracomment>widest parameter editor (pixels): the help reads beside it the parameters' names in words (param_label's English), for the catalogue: a parameter not listed keeps its English label in every language</extracomment>
            <translation>剪枝</translation>
        </message>
        <message>
            <source>Criterion</source>
            <translation>划分准则</translation>
        </message>
        <message>
            <source>Min samples leaf</source>
            <translation>叶节点最少样本数</translation>
        </message>
        <message>
            <source>Min samples split</source>
            <translation>划分最少样本数</translation>
        </message>
        <message>
            <source>Max depth</source>
            <translation>最大树深度</translation>
        </message>
        <message>
            <source>Folds</source>
            <translation>折数</translation>
        </message>
        <message>
            <source>SE rule</source>
            <translation>SE 规则</translation>
        </message>
        <message>
            <source>Seed</source>
            <translation>随机种子</translation>
        </message>
        <message>
            <source>Enforce monotone</source>
            <translation>强制单调</translation>
        </message>
        <message>
            <source>Hierarchy labels</source>
            <translation>层次标签</translation>
        </message>
        <message>
            <source>Min cases</source>
            <translation>最少样本数</translation>
        </message>
        <message>
            <source>Confidence</source>
            <translation>置信度</translation>
        </message>
        <message>
            <source>Subtree raising</source>
            <translation>子树提升</translation>
        </message>
        <message>
            <source>Collapse</source>
            <translation>折叠子树</translation>
        </message>
        <message>
            <source>MDL correction</source>
            <translation>MDL 修正</translation>
        </message>
        <message>
            <source>Leaf</source>
            <translation>叶节点标签</translation>
        </message>
        <message>
            <source>Threshold</source>
            <translation>阈值</translation>
        </message>
        <message>
            <source>Membership</source>
            <translation>隶属函数</translation>
        </message>
        <message>
            <source>Ramp above</source>
            <translation>斜坡函数阈值</translation>
        </message>
        <message>
            <source>Pairs</source>
            <translation>样本对</translation>
        </message>
        <message>
            <source>Decreasing</source>
            <translation>递减属性变换</translation>
        </message>
        <message>
            <source>Learning rate</source>
            <translation>学习率</translation>
        </message>
        <message>
            <source>Epochs</source>
            <translation>训练轮数</translation>
        </message>
        <message>
            <source>Min membership</source>
            <translation>最小隶属度</translation>
        </message>
        <message>
            <source>Min mass share</source>
            <translation>最小隶属度总量比例</translation>
        </message>
        <message>
            <source>Tnorm</source>
            <translation>t-范数</translation>
        </message>
        <message>
            <source>Level</source>
            <translation>层</translation>
        </message>
        <message>
            <source>Answer</source>
            <translation>答案规则</translation>
        </message>
        <message>
            <source>Tie order</source>
            <translation>平局顺序</translation>
        </message>
        <message>
            <source>Cost stop</source>
            <translation>代价停止</translation>
        </message>
        <message>
            <source>N min</source>
            <translation>最少待定样本数</translation>
        </message>
        <message>
            <source>Trim</source>
            <translation>截尾</translation>
        </message>
        <message>
            <source>P enter</source>
            <translation>引入 p 值</translation>
        </message>
        <message>
            <source>W1</source>
            <translation>权重 w1</translation>
        </message>
        <message>
            <source>W2</source>
            <translation>权重 w2</translation>
        </message>
        <message>
            <source>W3</source>
            <translation>权重 w3</translation>
        </message>
        <message>
            <source>W4</source>
            <translation>权重 w4</translation>
        </message>
        <message>
            <source>K</source>
            <translation>k</translation>
        </message>
        <message>
            <source>R</source>
            <translation>重叠区扩展 r</translation>
        </message>
        <message>
            <source>Lambda0</source>
            <translation>λ0</translation>
        </message>
        <message>
            <source>Unknowns</source>
            <translation>未知值</translation>
        </message>
        <message>
            <source>Min gamma</source>
            <translation>最小 γ</translation>
        </message>
        <message>
            <source>Few values</source>
            <translation>少取值列</translation>
        </message>
        <message>
            <source>Gamma over</source>
            <translation>γ 计算范围</translation>
        </message>
        <message>
            <source>Purity</source>
            <translation>纯度</translation>
        </message>
        <message>
            <source>Text</source>
            <translation>文本</translation>
        </message>
        <message>
            <source>Cuts</source>
            <translation>切点</translation>
        </message>
        <message>
            <source>Leaf penalty</source>
            <translation>叶节点惩罚</translation>
        </message>
        <message>
            <source>Max cuts</source>
            <translation>最多切点数</translation>
        </message>
        <message>
            <source>Time limit</source>
            <translation>时间限制</translation>
        </message>
        <message>
            <source>Min weight</source>
            <translation>最小权重</translation>
        </message>
        <message>
            <source>Min leaf weight</source>
            <translation>叶节点最小权重</translation>
        </message>
        <message>
            <source>empty</source>
            <translation>空</translation>
        </message>
        <message>
            <source>on</source>
            <translation>开</translation>
        </message>
        <message>
            <source>off</source>
            <translation>关</translation>
        </message>
        <message>
            <source>{help} (default: {default})</source>
            <translation>{help}（默认：{default}）</translation>
        </message>
        <message>
            <source>Prediction (changes the answers, not the tree)</source>
            <translation>预测（改变回答，不改变决策树）</translation>
        </message>
        <message>
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <source>{help} — draw one in the Problem tab first</source>
            <translation>{help}——请先在“问题”选项卡上建立类别层次</translation>
        </message>
    </context>
    <context>
        <name>Plots</name>
        <message>
            <source>the PNG plot {path} was not written</source>
            <translation>PNG 图“{path}”未能写入</translation>
        </message>
    </context>
    <context>
        <name>PredictionsDialog</name>
        <message>
            <source>Predictions: {file}</source>
            <translation>预测：{file}</translation>
        </message>
        <message>
            <source>{n} rows of {file} answered by the {algorithm} model; {pending} PENDING.</source>
            <translation>{algorithm} 模型回答了 {file} 的 {n} 行；{pending} 行待定。</translation>
        </message>
        <message>
            <source>{n} rows of {file} answered by the {algorithm} model.</source>
            <translation>{algorithm} 模型回答了 {file} 的 {n} 行。</translation>
        </message>
        <message>
            <source>{n} rows lie outside what the model has seen (tinted; their tooltip says why).</source>
            <translation>{n} 行超出模型见过的范围（已着色；提示说明原因）。</translation>
        </message>
        <message>
            <source>Warning: {warning}</source>
            <translation>警告：{warning}</translation>
        </message>
        <message>
            <source>Export to Excel or CSV...</source>
            <translation>导出到 Excel 或 CSV…</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>关闭</translation>
        </message>
        <message>
            <source>Export the predictions</source>
            <translation>导出预测</translation>
        </message>
        <message>
            <source>Excel workbook (*.xlsx);;CSV (*.csv)</source>
            <translation>Excel 工作簿 (*.xlsx);;CSV (*.csv)</translation>
        </message>
    </context>
    <context>
        <name>PredictionsModel</name>
        <message>
            <source>row</source>
            <translation>行</translation>
        </message>
        <message>
            <source>prediction</source>
            <translation>预测</translation>
        </message>
        <message>
            <source>rule that fired</source>
            <translation>所用规则</translation>
        </message>
        <message>
            <source>outside what the model has seen</source>
            <translation>超出模型见过的范围</translation>
        </message>
        <message>
            <source>Outside what the model has seen: {why}</source>
            <translation>超出模型见过的范围：{why}</translation>
        </message>
    </context>
    <context>
        <name>ProblemPanel</name>
        <message>
            <source>(inferred)</source>
            <extracomment>an attribute's type as the spec stores it (None: as inferred) and as the combo box shows it (translated)</extracomment>
            <translation>（推断）</translation>
        </message>
        <message>
            <source>numeric</source>
            <translation>数值型</translation>
        </message>
        <message>
            <source>ordinal</source>
            <translation>有序型</translation>
        </message>
        <message>
            <source>nominal</source>
            <translation>名义型</translation>
        </message>
        <message>
            <source>none</source>
            <extracomment>monotone directions: the spec's key and the text shown (translated)</extracomment>
            <translation>无</translation>
        </message>
        <message>
            <source>increasing</source>
            <translation>递增</translation>
        </message>
        <message>
            <source>decreasing</source>
            <translation>递减</translation>
        </message>
        <message>
            <source>attribute</source>
            <translation>属性</translation>
        </message>
        <message>
            <source>use</source>
            <translation>使用</translation>
        </message>
        <message>
            <source>type</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>monotone</source>
            <translation>单调</translation>
        </message>
        <message>
            <source>test cost
(cost units)</source>
            <translation>检查代价
（代价单位）</translation>
        </message>
        <message>
            <source>wait time
(time units)</source>
            <translation>等待时间
（时间单位）</translation>
        </message>
        <message>
            <source>prerequisite</source>
            <translation>前置属性</translation>
        </message>
        <message>
            <source>wait cost
(cost units)</source>
            <translation>等待代价
（代价单位）</translation>
        </message>
        <message>
            <source>order</source>
            <translation>取值顺序</translation>
        </message>
        <message>
            <source>fuzzy terms</source>
            <translation>模糊语义值</translation>
        </message>
        <message>
            <source>The attribute (column of the data)</source>
            <translation>属性（数据中的列）</translation>
        </message>
        <message>
            <source>Use it for learning</source>
            <translation>用于学习</translation>
        </message>
        <message>
            <source>How its values are read</source>
            <translation>如何读取它的取值</translation>
        </message>
        <message>
            <source>Ordered classes: the class may only rise (increasing) or fall (decreasing) with it</source>
            <translation>有序类别：类别只能随它上升（递增）或下降（递减）</translation>
        </message>
        <message>
            <source>What testing it costs (a batch member's includes its group's common cost)</source>
            <translation>测试它的代价（批量属性组成员的测试代价含该组的公共代价）</translation>
        </message>
        <message>
            <source>How long its result takes, in time units (each costs the cost per time unit set under the cost matrix)</source>
            <translation>得到结果所需的时间，以时间单位计（每单位的代价为代价矩阵下方设置的单位时间代价）</translation>
        </message>
        <message>
            <source>A situational waiting cost</source>
            <translation>视情况而定的等待时间代价</translation>
        </message>
        <message>
            <source>An attribute that must be known before this one can be tested</source>
            <translation>测试本属性之前必须已知的属性</translation>
        </message>
        <message>
            <source>An ordinal attribute's values from lowest to highest, separated by commas</source>
            <translation>有序型属性的取值，从低到高，以逗号分隔</translation>
        </message>
        <message>
            <source>The names of its fuzzy terms (fuzzy learners); click to edit and see them</source>
            <translation>它的模糊语义值名称（模糊学习算法使用）；单击以编辑并查看</translation>
        </message>
        <message>
            <source>(none: every class for itself)</source>
            <translation>（无：各类别各自独立）</translation>
        </message>
        <message>
            <source>ordered classes (drag to set the order, lowest first)</source>
            <extracomment>compact widths (pixels) of the columns after the name, so the whole table fits beside the editors at 1400 x 900; the name column takes what it needs up to NAME_WIDTH</extracomment>
            <translation>有序类别（拖动以设置顺序，最低的在前）</translation>
        </message>
        <message>
            <source>Target column:</source>
            <translation>目标列：</translation>
        </message>
        <message>
            <source>Classes:</source>
            <translation>类别：</translation>
        </message>
        <message>
            <source>The class that the two-class learners (trichotomy, Fisher LDA) separate from all the others; with two classes they may be left as they are</source>
            <translation>二类学习算法（三分法、Fisher LDA）将其与其余所有类别区分开的类别；只有两个类别时可保持不变</translation>
        </message>
        <message>
            <source>Positive class:</source>
            <translation>正类：</translation>
        </message>
        <message>
            <source>Attributes:</source>
            <translation>属性：</translation>
        </message>
        <message>
            <source>Costs</source>
            <translation>代价</translation>
        </message>
        <message>
            <source>Batch groups</source>
            <translation>批量属性组</translation>
        </message>
        <message>
            <source>Hierarchy</source>
            <translation>类别层次</translation>
        </message>
        <message>
            <source>Fuzzy terms</source>
            <translation>模糊语义值</translation>
        </message>
        <message>
            <source>Checks:</source>
            <translation>检查：</translation>
        </message>
        <message>
            <source>(none)</source>
            <translation>（无）</translation>
        </message>
        <message>
            <source>numbers keep their order</source>
            <translation>按数值大小</translation>
        </message>
        <message>
            <source>Values of an ordinal attribute from lowest to highest, separated by commas</source>
            <translation>有序型属性的取值，从低到高，以逗号分隔</translation>
        </message>
        <message>
            <source>Name the fuzzy terms and see their membership functions</source>
            <translation>为模糊语义值命名并查看其隶属函数</translation>
        </message>
        <message>
            <source>default names</source>
            <translation>默认名称</translation>
        </message>
        <message>
            <source>The problem settings are valid.</source>
            <translation>问题设置有效。</translation>
        </message>
        <message>
            <source>Warning: {where}: {message}</source>
            <translation>警告：{where}：{message}</translation>
        </message>
        <message>
            <source>{where}: {message}</source>
            <translation>{where}：{message}</translation>
        </message>
        <message>
            <source>Click to show this attribute in the table</source>
            <translation>单击以在表格中显示此属性</translation>
        </message>
    </context>
    <context>
        <name>QuestionForm</name>
        <message>
            <source>Value outside the training range</source>
            <translation>值超出训练范围</translation>
        </message>
        <message>
            <source>{message}.

The tree never saw such a case; use the value anyway?</source>
            <translation>{message}。

决策树从未见过这样的情况；仍然使用该值吗？</translation>
        </message>
        <message>
            <source>Question</source>
            <translation>问题</translation>
        </message>
        <message>
            <source>Train a model, then start a new case.</source>
            <translation>请先训练模型，再开始新案例。</translation>
        </message>
        <message>
            <source>Answer</source>
            <translation>回答</translation>
        </message>
        <message>
            <source>Unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <source>Finished: no further question can change the answer.</source>
            <translation>已完成：再提任何问题都不会改变答案。</translation>
        </message>
        <message>
            <source>Q{number}: {question}</source>
            <translation>问题 {number}：{question}</translation>
        </message>
        <message>
            <source>a number  (training: {low} to {high})</source>
            <translation>输入数值（训练范围：{low} 至 {high}）</translation>
        </message>
        <message>
            <source>a number</source>
            <translation>输入数值</translation>
        </message>
        <message>
            <source>Chosen by you: {reason}</source>
            <translation>由您选择：{reason}</translation>
        </message>
        <message>
            <source>cost {cost} (test {test}, waiting {waiting})</source>
            <translation>代价 {cost}（测试代价 {test}，等待时间代价 {waiting}）</translation>
        </message>
        <message>
            <source>cost {cost}</source>
            <translation>代价 {cost}</translation>
        </message>
        <message>
            <source>asked because it removes the most expected cost per unit</source>
            <translation>之所以提问，是因为它每单位代价消除的期望代价最多</translation>
        </message>
        <message>
            <source>chosen by you; the engine ranks it lower</source>
            <translation>由您选择；引擎对它的排名较低</translation>
        </message>
        <message>
            <source>asked because the tree tests it next; on its own it lowers no expected cost yet, the tests below it do</source>
            <translation>之所以提问，是因为决策树下一步测试它；它本身尚不降低期望代价，其下方的测试才会</translation>
        </message>
        <message>
            <source>{why}: ΔE {gain} for {cost}, utility {utility}</source>
            <translation>{why}：ΔE {gain}，{cost}，效用 {utility}</translation>
        </message>
        <message>
            <source>; tested at {asking} of the {reached} nodes the case has reached (firing strength {strength})</source>
            <translation>；案例已到达的 {reached} 个节点中有 {asking} 个测试它（激活强度 {strength}）</translation>
        </message>
        <message>
            <source>Give a value for {names}, or press Unknown.</source>
            <translation>请为 {names} 给出一个值，或按“未知”。</translation>
        </message>
        <message>
            <source>, </source>
            <translation>、</translation>
        </message>
        <message>
            <source>The session could not be saved: {error}</source>
            <translation>无法保存会话：{error}</translation>
        </message>
    </context>
    <context>
        <name>QuestionRanking</name>
        <message>
            <source>question</source>
            <translation>问题</translation>
        </message>
        <message>
            <source>cost</source>
            <translation>代价</translation>
        </message>
        <message>
            <source>utility</source>
            <translation>效用</translation>
        </message>
        <message>
            <source>expected cost</source>
            <translation>期望代价</translation>
        </message>
        <message>
            <source>ends at once</source>
            <translation>立即结束概率</translation>
        </message>
        <message>
            <source>Questions ranked (double-click one to answer it instead)</source>
            <translation>问题排名（双击某个问题改为回答它）</translation>
        </message>
    </context>
    <context>
        <name>RulesPanel</name>
        <message>
            <source>IF</source>
            <extracomment>the columns (keys of cell_text; their headers are translated where shown, context "RulesPanel")</extracomment>
            <translation>如果</translation>
        </message>
        <message>
            <source>THEN</source>
            <translation>则</translation>
        </message>
        <message>
            <source>support</source>
            <translation>支持度</translation>
        </message>
        <message>
            <source>confidence</source>
            <translation>置信度</translation>
        </message>
        <message>
            <source>coverage</source>
            <translation>覆盖度</translation>
        </message>
        <message>
            <source>interval</source>
            <translation>区间</translation>
        </message>
        <message>
            <source>few cases</source>
            <translation>案例过少</translation>
        </message>
        <message>
            <source>{level} % interval</source>
            <extracomment>the interval column's header as shown: its confidence level (issue 39)</extracomment>
            <translation>{level} % 区间</translation>
        </message>
        <message>
            <source>No training case reached this leaf: it answers the commonest class of the node above, so there is nothing to measure its confidence on.</source>
            <extracomment>the flag's colour in the few-cases column why an empty leaf has no confidence (its cell's tooltip)</extracomment>
            <translation>没有训练样本到达此叶节点：它给出上方节点中最常见的类别，因此无从衡量其置信度。</translation>
        </message>
        <message>
            <source>filter rules (any text)</source>
            <translation>筛选规则（任意文本）</translation>
        </message>
        <message>
            <source>Export to Excel...</source>
            <translation>导出到 Excel…</translation>
        </message>
        <message>
            <source>{count} rules</source>
            <translation>{count} 条规则</translation>
        </message>
        <message>
            <source>stability</source>
            <extracomment>the stability column's header and tooltip</extracomment>
            <translation>稳定性</translation>
        </message>
        <message>
            <source>The least stability of the splits on the rule's path: the share of {B} bootstrap models that make the same splits down to its leaf (the Tree tab's "show stability")</source>
            <translation>规则路径上各划分的最低稳定性：{B} 个自助模型中直到其叶节点都做出相同划分的比例（决策树页的“显示稳定性”）</translation>
        </message>
    </context>
    <context>
        <name>SessionHistory</name>
        <message>
            <source>case</source>
            <translation>案例</translation>
        </message>
        <message>
            <source>updated</source>
            <translation>更新时间</translation>
        </message>
        <message>
            <source>answer</source>
            <translation>答案</translation>
        </message>
        <message>
            <source>questions</source>
            <translation>问题数</translation>
        </message>
        <message>
            <source>cost</source>
            <translation>代价</translation>
        </message>
        <message>
            <source>session</source>
            <translation>会话</translation>
        </message>
        <message>
            <source>This project's cases</source>
            <translation>本项目的案例</translation>
        </message>
        <message>
            <source>Resume</source>
            <translation>继续</translation>
        </message>
        <message>
            <source>Export to Excel...</source>
            <translation>导出到 Excel…</translation>
        </message>
        <message>
            <source>Cases not filed under a project</source>
            <translation>未归入项目的案例</translation>
        </message>
        <message>
            <source>The saved cases cannot be read: {error}</source>
            <translation>无法读取已保存的案例：{error}</translation>
        </message>
        <message>
            <source>{count} saved case file could not be read and is left out (not changed):</source>
            <translation>有 {count} 个已保存的案例文件无法读取，已略过（未作改动）：</translation>
        </message>
        <message>
            <source>{count} saved case files could not be read and are left out (not changed):</source>
            <translation>有 {count} 个已保存的案例文件无法读取，已略过（未作改动）：</translation>
        </message>
        <message>
            <source>... and {count} more</source>
            <translation>… 另有 {count} 个</translation>
        </message>
        <message>
            <source>(open) {label}</source>
            <translation>{label}（未完成）</translation>
        </message>
        <message>
            <source>No saved cases to export yet.</source>
            <translation>还没有可导出的已保存案例。</translation>
        </message>
        <message>
            <source>Export cases</source>
            <translation>导出案例</translation>
        </message>
        <message>
            <source>Excel workbook (*.xlsx)</source>
            <translation>Excel 工作簿 (*.xlsx)</translation>
        </message>
    </context>
    <context>
        <name>SplitDialog</name>
        <message>
            <source>Split the node</source>
            <translation>划分该节点</translation>
        </message>
        <message>
            <source>The ticked values go down the first branch, the others down the second</source>
            <translation>勾选的取值进入第一个分支，其余进入第二个分支</translation>
        </message>
        <message>
            <source>one branch per value</source>
            <translation>每个取值一个分支</translation>
        </message>
        <message>
            <source>attribute</source>
            <translation>属性</translation>
        </message>
        <message>
            <source>cut (&lt;=)</source>
            <translation>切分点（&lt;=）</translation>
        </message>
        <message>
            <source>values</source>
            <translation>取值</translation>
        </message>
        <message>
            <source>the rest</source>
            <translation>其余</translation>
        </message>
        <message>
            <source>{side}: {weight} cases ({mix})</source>
            <translation>{side}：{weight} 个样本（{mix}）</translation>
        </message>
    </context>
    <context>
        <name>StartPage</name>
        <message>
            <source>&lt;h2&gt;RuleTree Studio&lt;/h2&gt;&lt;p&gt;Learn decision trees and IF-THEN rules from a spreadsheet of past cases, consult the model case by case, export the rules to Excel.&lt;/p&gt;&lt;p&gt;&lt;b&gt;1.&lt;/b&gt; Open a spreadsheet (xlsx, csv, arff). &lt;b&gt;2.&lt;/b&gt; Check the target and the attributes on the Problem tab. &lt;b&gt;3.&lt;/b&gt; Train on the Train tab. &lt;b&gt;4.&lt;/b&gt; Read the Tree and the Rules, consult on the Consult tab.&lt;/p&gt;</source>
            <translation>&lt;h2&gt;RuleTree Studio&lt;/h2&gt;&lt;p&gt;从记录以往样本的电子表格中学习决策树和“如果…则…”规则，逐个样本地咨询模型，并将规则导出到 Excel。&lt;/p&gt;&lt;p&gt;&lt;b&gt;1.&lt;/b&gt; 打开一个电子表格（xlsx、csv、arff）。&lt;b&gt;2.&lt;/b&gt; 在“问题”选项卡上检查目标列和属性。&lt;b&gt;3.&lt;/b&gt; 在“训练”选项卡上训练。&lt;b&gt;4.&lt;/b&gt; 阅读决策树和规则，在“咨询”选项卡上咨询。&lt;/p&gt;</translation>
        </message>
        <message>
            <source>Open a spreadsheet...</source>
            <translation>打开电子表格…</translation>
        </message>
        <message>
            <source>Open a project...</source>
            <translation>打开项目…</translation>
        </message>
        <message>
            <source>&lt;b&gt;Demos&lt;/b&gt; (click to open):</source>
            <translation>&lt;b&gt;示例&lt;/b&gt;（单击打开）：</translation>
        </message>
        <message>
            <source>&lt;b&gt;Recent files&lt;/b&gt;:</source>
            <translation>&lt;b&gt;最近的文件&lt;/b&gt;：</translation>
        </message>
        <message>
            <source>(none yet)</source>
            <translation>（暂无）</translation>
        </message>
    </context>
    <context>
        <name>SweepRow</name>
        <message>
            <source>(no sweep)</source>
            <extracomment>the markers beside a mean: significantly better / worse than the reference (corrected t-test) ticked when the tab first opens an item's key (the algorithm's name; "c45#2" for a copy): what its form and sweep are kept under the learning curve's training sizes offered first, in % of each fold's training rows</extracomment>
            <translation>（不扫描）</translation>
        </message>
        <message>
            <source>values, e.g. 0, 0.02, 0.05, 0.1</source>
            <translation>取值，例如 0, 0.02, 0.05, 0.1</translation>
        </message>
        <message>
            <source>Try</source>
            <translation>尝试</translation>
        </message>
        <message>
            <source>at</source>
            <translation>取值</translation>
        </message>
        <message>
            <source>One entry per value: the same algorithm at each value of one parameter, on the same folds</source>
            <translation>每个取值一个条目：同一算法取某一参数的各个值，在相同的折上比较</translation>
        </message>
        <message>
            <source>{algorithm}: "{value}" is not a value of {parameter}</source>
            <translation>{algorithm}：“{value}”不是 {parameter} 的有效取值</translation>
        </message>
        <message>
            <source>{algorithm}: give the values to try {parameter} at</source>
            <translation>{algorithm}：请给出 {parameter} 要尝试的取值</translation>
        </message>
    </context>
    <context>
        <name>TrainPanel</name>
        <message>
            <source>cross-validation</source>
            <extracomment>how the Train tab scores a model: (shown, value)</extracomment>
            <translation>交叉验证</translation>
        </message>
        <message>
            <source>hold-out</source>
            <translation>留出法</translation>
        </message>
        <message>
            <source>training rows only (optimistic)</source>
            <translation>仅训练行（偏乐观）</translation>
        </message>
        <message>
            <source>{metric}: {value}</source>
            <translation>{metric}：{value}</translation>
        </message>
        <message>
            <source>{headline} (accuracy {accuracy})</source>
            <translation>{headline}（准确率 {accuracy}）</translation>
        </message>
        <message>
            <source>on {scheme}.</source>
            <translation>评估依据：{scheme}。</translation>
        </message>
        <message>
            <source>Beside it, always answering “{label}” ({rule}) scores {value}.</source>
            <translation>作为对照，始终回答“{label}”（{rule}）的得分为 {value}。</translation>
        </message>
        <message>
            <source>Beside it, always answering “{label}” ({rule}) costs {value}.</source>
            <translation>作为对照，始终回答“{label}”（{rule}）的代价为 {value}。</translation>
        </message>
        <message>
            <source>Beside it, always answering {rule} of the training folds scores {value}.</source>
            <translation>作为对照，始终回答各训练折中{rule}的得分为 {value}。</translation>
        </message>
        <message>
            <source>Beside it, always answering {rule} of the training folds costs {value}.</source>
            <translation>作为对照，始终回答各训练折中{rule}的代价为 {value}。</translation>
        </message>
        <message>
            <source>Beside it, always answering “{label}” ({rule}) asks no tests, so it pays only for its errors: {value} per case (accuracy {accuracy}).</source>
            <translation>作为对照，始终回答“{label}”（{rule}）不做任何检查，只付误分类的代价：每个案例 {value}（准确率 {accuracy}）。</translation>
        </message>
        <message>
            <source>Beside it, always answering {rule} of the training folds asks no tests, so it pays only for its errors: {value} per case (accuracy {accuracy}).</source>
            <translation>作为对照，始终回答各训练折的{rule}不做任何检查，只付误分类的代价：每个案例 {value}（准确率 {accuracy}）。</translation>
        </message>
        <message>
            <source>This model does no better than that baseline.</source>
            <translation>本模型并不优于该基线。</translation>
        </message>
        <message>
            <source>It is more accurate than that baseline, but its tests cost more than the errors they prevent: with cheaper tests, dearer errors or a learner that weighs test costs (minimum cost) it can pay less.</source>
            <translation>它比该基线更准确，但其检查的代价高于它所避免的误分类代价：检查更便宜、误分类代价更高，或使用权衡检查代价的学习器（最小代价）时，它的总代价可以更低。</translation>
        </message>
        <message>
            <source>Figures on the training rows are optimistic: score by cross-validation or hold-out for an honest one.</source>
            <translation>基于训练行的数字偏乐观：请用交叉验证或留出法获得可信的评估。</translation>
        </message>
        <message>
            <source> folds</source>
            <translation> 折</translation>
        </message>
        <message>
            <source>{family}: {algorithm}</source>
            <translation>{family}：{algorithm}</translation>
        </message>
        <message>
            <source>Train</source>
            <translation>训练</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>How the figures are scored. Cross-validation: the tree is fitted on every row and k more trees, each on all but one fold, are scored on that fold. Hold-out: the tree is fitted on the rest and scored on the share held out.</source>
            <translation>如何评估各项数字。交叉验证：决策树在全部行上训练，另外 k 棵树各在除一折以外的行上训练，并在该折上评分。留出法：决策树在其余行上训练，并在留出的部分上评分。</translation>
        </message>
        <message>
            <source>share </source>
            <translation>比例 </translation>
        </message>
        <message>
            <source>sequential (follow the tree)</source>
            <translation>顺序测试（沿决策树）</translation>
        </message>
        <message>
            <source>batch (all at once)</source>
            <translation>批量测试（一次全部）</translation>
        </message>
        <message>
            <source>hybrid (most useful test next)</source>
            <translation>混合（下一步做最有用的测试）</translation>
        </message>
        <message>
            <source>planned (least expected cost)</source>
            <translation>规划（期望代价最小）</translation>
        </message>
        <message>
            <source>How a test case's values are obtained when the problem has test or waiting costs: the Train results then show the average total, test, waiting and misclassification cost per case</source>
            <translation>问题含测试代价或等待时间代价时，测试样本的取值如何获得：训练结果随后显示每个样本的平均总代价、测试代价、等待时间代价和误分类代价</translation>
        </message>
        <message>
            <source>The problem settings have changed since this model was trained: train again to see the model they give.</source>
            <translation>自训练此模型以来，问题设置已更改：请重新训练，以查看新设置得到的模型。</translation>
        </message>
        <message>
            <source>Train a model to see how well it does.</source>
            <translation>训练模型后即可查看其效果。</translation>
        </message>
        <message>
            <source>metric</source>
            <translation>指标</translation>
        </message>
        <message>
            <source>this model</source>
            <translation>本模型</translation>
        </message>
        <message>
            <source>baseline</source>
            <translation>基线</translation>
        </message>
        <message>
            <source>Confusion matrix (rows: the true class; columns: the answer)</source>
            <translation>混淆矩阵（行：真实类别；列：回答）</translation>
        </message>
        <message>
            <source>Confusion matrix at:</source>
            <translation>混淆矩阵所在层次：</translation>
        </message>
        <message>
            <source>Algorithm:</source>
            <translation>算法：</translation>
        </message>
        <message>
            <source>score by:</source>
            <translation>评估方式：</translation>
        </message>
        <message>
            <source>test strategy (costs):</source>
            <translation>测试策略（代价）：</translation>
        </message>
        <message>
            <source>models of this session:</source>
            <translation>本次训练过的模型：</translation>
        </message>
        <message>
            <source>Every model trained since the file was opened: choose one to see it on every tab, consult it, save or export it</source>
            <translation>打开此文件以来训练的每个模型：选择一个即可在各选项卡查看、咨询、保存或导出</translation>
        </message>
        <message>
            <source>Results</source>
            <translation>结果</translation>
        </message>
        <message>
            <source>Text report</source>
            <translation>文本报告</translation>
        </message>
        <message>
            <source>training...</source>
            <extracomment>above this many rows the default scheme is a hold-out: k-fold cross-validation fits the tree k + 1 times, a hold-out once (a default many times slower than needed is a bug)</extracomment>
            <translation>正在训练…</translation>
        </message>
        <message>
            <source>Training {algorithm} failed: {message}</source>
            <translation>训练 {algorithm} 失败：{message}</translation>
        </message>
        <message>
            <source>defaults</source>
            <translation>默认参数</translation>
        </message>
        <message>
            <source>{n}. {algorithm} ({params}): {metric} {value}</source>
            <translation>{n}. {algorithm}（{params}）：{metric} {value}</translation>
        </message>
        <message>
            <source>done</source>
            <translation>完成</translation>
        </message>
        <message>
            <source>cancelled</source>
            <translation>已取消</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>失败</translation>
        </message>
        <message>
            <source>the classes</source>
            <translation>类别</translation>
        </message>
        <message>
            <source>level {level} ({names})</source>
            <translation>第 {level} 层（{names}）</translation>
        </message>
        <message>
            <source>edited (replayed)</source>
            <translation>编辑后（重放）</translation>
        </message>
        <message>
            <source>the learner alone</source>
            <translation>仅学习器</translation>
        </message>
        <message>
            <source>Confusion matrix of the edited model, summed over the folds (rows: the true class; columns: the answer)</source>
            <translation>编辑后模型的混淆矩阵，各折相加（行：真实类别；列：回答）</translation>
        </message>
        <message>
            <source>Confusion matrix at level {level} (rows: the true label there; columns: the answer)</source>
            <translation>第 {level} 层的混淆矩阵（行：该层的真实标签；列：回答）</translation>
        </message>
        <message>
            <source>Warning: {warning}</source>
            <translation>警告：{warning}</translation>
        </message>
        <message>
            <source>Train again with {changes}</source>
            <translation>以 {changes} 重新训练</translation>
        </message>
        <message>
            <source>{algorithm}: {leaves} leaf, depth {depth}, fitted in {seconds} s</source>
            <translation>{algorithm}：{leaves} 个叶节点，深度 {depth}，用时 {seconds} 秒</translation>
        </message>
        <message>
            <source>{algorithm}: {leaves} leaves, depth {depth}, fitted in {seconds} s</source>
            <translation>{algorithm}：{leaves} 个叶节点，树深度 {depth}，训练用时 {seconds} 秒</translation>
        </message>
        <message>
            <source>metrics on {scheme}:</source>
            <translation>指标（{scheme}）：</translation>
        </message>
        <message>
            <source>baseline: always answering {label} ({rule}):</source>
            <translation>基线：始终回答 {label}（{rule}）：</translation>
        </message>
        <message>
            <source>  this model does no better than the baseline</source>
            <translation>  本模型并不优于基线</translation>
        </message>
        <message>
            <source>  (accuracy: the exact class; hierarchical_accuracy: the class or one of its ancestors;</source>
            <translation>  （accuracy：类别完全正确；hierarchical_accuracy：类别或其某个祖先正确；</translation>
        </message>
        <message>
            <source>   label_precision: mean log_h(level + 1) of the answers, h = {levels} levels;</source>
            <translation>   label_precision：各回答的 log_h(层 + 1) 的均值，h = {levels} 层；</translation>
        </message>
        <message>
            <source>   accuracy_level_i: the answer read at level i, a coarser answer counted wrong there)</source>
            <translation>   accuracy_level_i：在第 i 层读取回答，比该层更粗的回答在该层计为错误）</translation>
        </message>
        <message>
            <source>warnings:</source>
            <translation>警告：</translation>
        </message>
        <message>
            <source>confusion matrix at level {level} (rows: true label there, columns: answered):</source>
            <translation>第 {level} 层的混淆矩阵（行：该层的真实标签，列：回答）：</translation>
        </message>
        <message>
            <source>confusion matrix (rows: true class, columns: predicted):</source>
            <translation>混淆矩阵（行：真实类别，列：预测）：</translation>
        </message>
    </context>
    <context>
        <name>TrainingFlow</name>
        <message>
            <source>Open a data file or a project first.</source>
            <translation>请先打开数据文件或项目。</translation>
        </message>
        <message>
            <source>done</source>
            <translation>完成</translation>
        </message>
        <message>
            <source>train the model first (its learner is fitted again on samples of its training rows)</source>
            <translation>请先训练模型（其学习器会在训练行的样本上重新拟合）</translation>
        </message>
        <message>
            <source>done: optimal</source>
            <translation>完成：最优</translation>
        </message>
        <message>
            <source>done: gap {gap} %</source>
            <translation>完成：差距 {gap} %</translation>
        </message>
        <message>
            <source>an internal error ({message})</source>
            <translation>内部错误（{message}）</translation>
        </message>
        <message>
            <source>Training stopped by an internal error ({message}). The details are in {log}.</source>
            <translation>训练因内部错误而停止（{message}）。详细信息见 {log}。</translation>
        </message>
        <message>
            <source>no data file is open</source>
            <translation>尚未打开数据文件</translation>
        </message>
        <message>
            <source>Train a model first.</source>
            <translation>请先训练模型。</translation>
        </message>
        <message>
            <source>Export rules</source>
            <translation>导出规则</translation>
        </message>
        <message>
            <source>Excel workbook (*.xlsx)</source>
            <translation>Excel 工作簿 (*.xlsx)</translation>
        </message>
    </context>
    <context>
        <name>TreeCanvas</name>
        <message>
            <source>fuzzy tree: n = the training cases' memberships in the node, summed</source>
            <extracomment>the view size a new tree's depth limit is chosen for before the canvas is on screen</extracomment>
            <translation>模糊决策树：n = 训练样本在该节点的隶属度之和</translation>
        </message>
        <message>
            <source>strength {strength}</source>
            <translation>激活强度 {strength}</translation>
        </message>
        <message>
            <source>(the depth limit hides its children: double-click to show them)</source>
            <translation>（深度限制隐藏了其子节点：双击可显示）</translation>
        </message>
        <message>
            <source>(n = the training cases' memberships in the node, summed)</source>
            <translation>（n = 训练样本在该节点的隶属度之和）</translation>
        </message>
        <message>
            <source>stability: {share} ({what})</source>
            <translation>稳定性：{share}（{what}）</translation>
        </message>
        <message>
            <source>could not write the image "{path}"</source>
            <translation>无法写入图像“{path}”</translation>
        </message>
        <message>
            <source>Decision tree</source>
            <translation>决策树</translation>
        </message>
        <message>
            <source>Drawn by RuleTree Studio</source>
            <translation>由 RuleTree Studio 绘制</translation>
        </message>
        <message>
            <source>could not write the drawing "{path}"</source>
            <translation>无法写入图形“{path}”</translation>
        </message>
    </context>
    <context>
        <name>TreeLayout</name>
        <message>
            <source>{term} (peak ≤ {value})</source>
            <extracomment>the smallest scale at which a box's text reads comfortably (13 px headers at about 10 px)</extracomment>
            <translation>{term}（峰值 ≤ {value}）</translation>
        </message>
        <message>
            <source>{term} (peak ≥ {value})</source>
            <translation>{term}（峰值 ≥ {value}）</translation>
        </message>
        <message>
            <source>{term} (peak {value})</source>
            <translation>{term}（峰值 {value}）</translation>
        </message>
        <message>
            <source>{term}: 1 for {attribute} ≤ {peak}, falling to 0 at {zero}</source>
            <translation>{term}：{attribute} ≤ {peak} 时为 1，至 {zero} 降为 0</translation>
        </message>
        <message>
            <source>{term}: rising from 0 at {zero} to 1 for {attribute} ≥ {peak}</source>
            <translation>{term}：在 {zero} 处为 0，升至 {attribute} ≥ {peak} 时为 1</translation>
        </message>
        <message>
            <source>{term}: rising from 0 at {start} to 1 at {peak}, falling to 0 at {end}</source>
            <translation>{term}：在 {start} 处为 0，升至 {peak} 处为 1，至 {end} 降为 0</translation>
        </message>
        <message>
            <source>tests paid {cost}</source>
            <translation>已付测试代价 {cost}</translation>
        </message>
        <message>
            <source>test {test} + wait {waiting}</source>
            <translation>测试 {test} + 等待 {waiting}</translation>
        </message>
        <message>
            <source>cost of this test here: {test} test + {waiting} waiting = {total} (unknown prerequisites first; a batch member costs less once its group's common cost is paid above)</source>
            <translation>此处该测试的代价：测试 {test} + 等待 {waiting} = {total}（先测未知的前置属性；若上方已付其批量属性组的公共代价，组内属性的代价更低）</translation>
        </message>
        <message>
            <source>tests paid on the way here: {cost} (test + waiting, from the root)</source>
            <translation>到达此处已付的测试代价：{cost}（测试 + 等待，自根节点起）</translation>
        </message>
        <message>
            <source>node {node}</source>
            <translation>节点 {node}</translation>
        </message>
        <message>
            <source>path: {path}</source>
            <translation>路径：{path}</translation>
        </message>
        <message>
            <source>test: {test}</source>
            <translation>测试：{test}</translation>
        </message>
        <message>
            <source>terms (a case goes down every branch with its membership; they add up to 1):</source>
            <translation>模糊语义值（样本按其隶属度进入每个分支；各隶属度之和为 1）：</translation>
        </message>
        <message>
            <source>label: {label} (a coarser label of the class hierarchy)</source>
            <translation>标签：{label}（类别层次中较粗的标签）</translation>
        </message>
        <message>
            <source>label: {label}</source>
            <translation>标签：{label}</translation>
        </message>
        <message>
            <source>{name}: {count}</source>
            <translation>{name}：{count}</translation>
        </message>
        <message>
            <source>, </source>
            <translation>，</translation>
        </message>
        <message>
            <source>weight: {weight}  ({counts})</source>
            <translation>权重：{weight}（{counts}）</translation>
        </message>
        <message>
            <source>training cases down each branch, and those with the value missing:</source>
            <translation>进入各分支的训练样本，以及该值缺失的样本：</translation>
        </message>
        <message>
            <source>{attribute} missing</source>
            <translation>{attribute} 缺失</translation>
        </message>
        <message>
            <source>the case</source>
            <translation>该样本</translation>
        </message>
        <message>
            <source>{case}: membership {membership} in the branch into this node</source>
            <translation>{case}：在进入此节点的分支上的隶属度为 {membership}</translation>
        </message>
        <message>
            <source>{case} reaches it with strength {strength} (minimum of the memberships along the path)</source>
            <translation>{case}以强度 {strength} 到达此节点（路径上各隶属度的最小值）</translation>
        </message>
        <message>
            <source>{case} reaches it with strength {strength} (product of the memberships along the path)</source>
            <translation>{case}以强度 {strength} 到达此节点（路径上各隶属度之积）</translation>
        </message>
        <message>
            <source>{case} does not reach it</source>
            <translation>{case}未到达此节点</translation>
        </message>
        <message>
            <source>{case} passes here</source>
            <translation>{case}经过此处</translation>
        </message>
        <message>
            <source>{case}: {value}</source>
            <translation>{case}：{value}</translation>
        </message>
        <message>
            <source>{case}: {value}: it goes down every branch with the branch's share of the training cases</source>
            <translation>{case}：{value}：按各分支所占训练样本的比例进入每个分支</translation>
        </message>
        <message>
            <source>{case}: {value}: it goes down the branch most training cases took</source>
            <translation>{case}：{value}：进入多数训练样本所走的分支</translation>
        </message>
    </context>
    <context>
        <name>TreeOverview</name>
        <message>
            <source>Overview: click or drag to move the view</source>
            <translation>概览：单击或拖动以移动视图</translation>
        </message>
    </context>
    <context>
        <name>TreePanel</name>
        <message>
            <source>Train a model to see its tree.</source>
            <extracomment>the stability of the drawn tree's splits was counted: (the tree, its StabilityReport) bootstrap models of the Tree tab's stability count</extracomment>
            <translation>训练模型后即可查看其决策树。</translation>
        </message>
        <message>
            <source>all levels</source>
            <translation>全部层</translation>
        </message>
        <message>
            <source>depth limit </source>
            <translation>深度限制 </translation>
        </message>
        <message>
            <source>Fit</source>
            <translation>适应窗口</translation>
        </message>
        <message>
            <source>Zoom in</source>
            <translation>放大</translation>
        </message>
        <message>
            <source>Zoom out</source>
            <translation>缩小</translation>
        </message>
        <message>
            <source>Expand all</source>
            <translation>全部展开</translation>
        </message>
        <message>
            <source>Export PNG/SVG...</source>
            <translation>导出 PNG/SVG…</translation>
        </message>
        <message>
            <source>case: row </source>
            <translation>样本：行 </translation>
        </message>
        <message>
            <source>case: none</source>
            <translation>样本：无</translation>
        </message>
        <message>
            <source>Show one row of the data on the tree (or select the row on the Data tab)</source>
            <translation>在决策树上显示数据中的一行（或在“数据”选项卡上选择该行）</translation>
        </message>
        <message>
            <source>find an attribute or a class</source>
            <translation>查找属性或类别</translation>
        </message>
        <message>
            <source>Enter: the next node that tests this attribute or answers this class (its path is highlighted and opened)</source>
            <translation>回车：转到下一个测试该属性或给出该类别的节点（其路径会被高亮并展开）</translation>
        </message>
        <message>
            <source>show costs</source>
            <translation>显示代价</translation>
        </message>
        <message>
            <source>show stability</source>
            <translation>显示稳定性</translation>
        </message>
        <message>
            <source>counting {done} of {total}...</source>
            <extracomment>() -&gt; (learner, training rows, problem, parameters, the tree) of the tree shown, or raises (the window's: app.training.TrainingFlow.stability_inputs)</extracomment>
            <translation>正在统计 {done} / {total}...</translation>
        </message>
        <message>
            <source>show intervals</source>
            <translation>显示区间</translation>
        </message>
        <message>
            <source>Show in every box what a case pays there: at a test its test and waiting cost (unknown prerequisites first; a batch member costs less once its group's common cost is paid above), at a leaf the tests paid on the way</source>
            <translation>在每个框中显示样本在该处付出的代价：测试节点上为其测试代价和等待时间代价（先测未知的前置属性；若上方已付其批量属性组的公共代价，组内属性的代价更低），叶节点上为沿途已付的测试代价</translation>
        </message>
        <message>
            <source>Show in every leaf its confidence and the interval it is known within (Wilson score, at the problem's confidence level); a leaf of too few cases, or too wide an interval, is marked with a warning triangle (its tooltip says why)</source>
            <translation>在每个叶节点中显示其置信度及所在区间（威尔逊评分，按问题的置信水平）；案例过少或区间过宽的叶节点以警告三角标出（提示说明原因）</translation>
        </message>
        <message>
            <source>The problem prices no tests: set test costs or waiting times on the Problem tab, then train</source>
            <translation>该问题没有为测试定价：请在“问题”选项卡上设置测试代价或等待时间，然后训练</translation>
        </message>
        <message>
            <source>Fit the learner again on {B} bootstrap samples of the training rows and show on each split how often the same split (the same attribute, a cut within the problem's stability tolerance) comes back at the same place, with the same splits above it: a strip at the top of the box, green from one half up, amber below</source>
            <translation>在训练行的 {B} 个自助样本上重新拟合学习器，并在每个划分上显示相同划分（相同属性、切分点在问题的稳定性容差之内）在同一位置、且其上各划分也相同时重现的频率：方框顶部的一条色带，一半及以上为绿色，以下为琥珀色</translation>
        </message>
        <message>
            <source>{leaves} leaf, depth {depth}. Click a node to see its rule.</source>
            <translation>{leaves} 个叶节点，深度 {depth}。单击节点可查看其规则。</translation>
        </message>
        <message>
            <source>{leaves} leaves, depth {depth}. Click a node to see its rule.</source>
            <translation>{leaves} 个叶节点，树深度 {depth}。单击节点可查看其规则。</translation>
        </message>
        <message>
            <source>Row {row} is not a row of the data (a blank row?).</source>
            <translation>第 {row} 行不是数据中的行（是空行吗？）。</translation>
        </message>
        <message>
            <source>Row {row} cannot be shown: {reason}</source>
            <translation>无法显示第 {row} 行：{reason}</translation>
        </message>
        <message>
            <source>row {row}</source>
            <translation>第 {row} 行</translation>
        </message>
        <message>
            <source>Row {row} ({target} = {value})</source>
            <translation>第 {row} 行（{target} = {value}）</translation>
        </message>
        <message>
            <source>Row {row}</source>
            <translation>第 {row} 行</translation>
        </message>
        <message>
            <source>{case}: the tree answers {answer}. On each branch: the row's membership in the term; in each box: how strongly the row reaches the node (the smallest of the memberships on the way). Faded: nodes the row does not reach.</source>
            <translation>{case}：决策树的回答是 {answer}。每个分支上：该行对该模糊语义值的隶属度；每个框中：该行到达该节点的强度（沿途隶属度中的最小值）。淡色：该行未到达的节点。</translation>
        </message>
        <message>
            <source>{case}: the tree answers {answer}. On each branch: the row's membership in the term; in each box: how strongly the row reaches the node (the product of the memberships on the way). Faded: nodes the row does not reach.</source>
            <translation>{case}：决策树的回答是 {answer}。每个分支上：该行对该模糊语义值的隶属度；每个框中：该行到达该节点的强度（沿途隶属度的乘积）。淡色：该行未到达的节点。</translation>
        </message>
        <message>
            <source>{case}: the tree answers {answer}; its path is highlighted.</source>
            <translation>{case}：决策树的回答是 {answer}；其路径已高亮显示。</translation>
        </message>
        <message>
            <source>no match</source>
            <translation>无匹配</translation>
        </message>
        <message>
            <source>{index} of {count}</source>
            <translation>第 {index} 个，共 {count} 个</translation>
        </message>
        <message>
            <source>{leaves} leaves, depth {depth}: shown to depth {shown} so that the boxes read; double-click a "..." to open a branch, or raise the depth limit. Click a node to see its rule.</source>
            <translation>{leaves} 个叶节点，树深度 {depth}：为便于阅读，只显示到深度 {shown}；双击“...”可展开分支，或提高深度限制。单击节点可查看其规则。</translation>
        </message>
        <message>
            <source>{leaves} leaves, depth {depth}: shown to depth {shown}; double-click a "..." to open a branch, or raise the depth limit. Click a node to see its rule.</source>
            <translation>{leaves} 个叶节点，深度 {depth}：显示到深度 {shown}；双击“...”可展开分支，或提高深度限制。单击节点可查看其规则。</translation>
        </message>
        <message>
            <source>no training to count it from</source>
            <translation>没有可用于统计的训练</translation>
        </message>
        <message>
            <source>No stability: {reason}</source>
            <translation>无稳定性：{reason}</translation>
        </message>
        <message>
            <source>No stability: the tree shown is not the last one trained</source>
            <translation>无稳定性：显示的决策树不是最近一次训练的</translation>
        </message>
        <message>
            <source>counting...</source>
            <translation>正在统计...</translation>
        </message>
        <message>
            <source>the share of {B} bootstrap models making this split here, seed {seed}</source>
            <translation>{B} 个自助模型中在此处做出该划分的比例，种子 {seed}</translation>
        </message>
        <message>
            <source>stability of the top three levels: {share}</source>
            <translation>前三层的稳定性：{share}</translation>
        </message>
        <message>
            <source>Export the tree</source>
            <translation>导出决策树</translation>
        </message>
        <message>
            <source>PNG image (*.png);;SVG (*.svg)</source>
            <translation>PNG 图像 (*.png);;SVG (*.svg)</translation>
        </message>
        <message>
            <source>Split here...</source>
            <translation>在此划分...</translation>
        </message>
        <message>
            <source>Edit the cut...</source>
            <translation>编辑切分点...</translation>
        </message>
        <message>
            <source>Prune to a leaf</source>
            <translation>剪枝为叶节点</translation>
        </message>
        <message>
            <source>Relabel</source>
            <translation>改标签</translation>
        </message>
        <message>
            <source>Unlock</source>
            <translation>解锁</translation>
        </message>
        <message>
            <source>Lock</source>
            <translation>锁定</translation>
        </message>
        <message>
            <source>Regrow below</source>
            <translation>向下重新生长</translation>
        </message>
        <message>
            <source>internal node: {label}</source>
            <translation>内部节点：{label}</translation>
        </message>
        <message>
            <source>{rows} ... ({count} rows)</source>
            <translation>{rows} …（共 {count} 行）</translation>
        </message>
        <message>
            <source>training cases here: {counts}</source>
            <translation>此处的训练样本：{counts}</translation>
        </message>
        <message>
            <source>spreadsheet rows: {rows}</source>
            <translation>电子表格行：{rows}</translation>
        </message>
    </context>
    <context>
        <name>Warmup</name>
        <message>
            <source>Preparing fast kernels…</source>
            <translation>正在准备快速计算内核…</translation>
        </message>
        <message>
            <source>Ready</source>
            <translation>就绪</translation>
        </message>
        <message>
            <source>Preparing fast kernels… {done} of {total} learners, {left}</source>
            <translation>正在准备快速计算内核… 已完成 {done}/{total} 个学习器，{left}</translation>
        </message>
        <message>
            <source>Preparing fast kernels… {done} of {total} learners (paused while a job runs)</source>
            <translation>正在准备快速计算内核… 已完成 {done}/{total} 个学习器（任务运行期间暂停）</translation>
        </message>
        <message>
            <source>estimating the time left</source>
            <translation>正在估计剩余时间</translation>
        </message>
        <message>
            <source>about {seconds} s left</source>
            <translation>约剩 {seconds} 秒</translation>
        </message>
        <message>
            <source>about {minutes} min left</source>
            <translation>约剩 {minutes} 分钟</translation>
        </message>
        <message>
            <source>Ready (kernel warm-up failed; see the log)</source>
            <extracomment>the callback of warm_kernels: (learners done, learners in all, seconds left or None, paused)</extracomment>
            <translation>就绪（内核预热失败；请查看日志）</translation>
        </message>
    </context>
</TS>
