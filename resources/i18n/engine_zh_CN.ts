<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
    <context>
        <name>engine</name>
        <message>
            <location filename="engine/cli/__init__.py" line="182" />
            <source>"{file}" is neither a file nor a command (commands: {commands})</source>
            <translation>“{file}”既不是文件，也不是命令（命令：{commands}）</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="218" />
            <source>{prog}: error: {message}</source>
            <translation>{prog}：错误：{message}</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="221" />
            <source>{prog}: interrupted</source>
            <translation>{prog}：已中断</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="227" />
            <source>{prog}: internal error ({kind}: {error}); this is a bug, please report it with the log file {log}</source>
            <translation>{prog}：内部错误（{kind}：{error}）；这是程序缺陷，请连同日志文件 {log} 一起报告</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="243" />
            <source>give a command ({commands}); the window starts with '{prog}' (python -m app.launch); see '{prog} --help'</source>
            <translation>请给出一个命令（{commands}）；窗口用“{prog}”（python -m app.launch）启动；参见“{prog} --help”</translation>
        </message>
        <message>
            <location filename="engine/cli/__init__.py" line="248" />
            <source>give a command ({commands}); see '{prog} --help'</source>
            <translation>请给出一个命令（{commands}）；参见“{prog} --help”</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="192" />
            <source>--holdout must be a share between 0 and 1 (e.g. 0.3)</source>
            <translation>--holdout 必须是 0 与 1 之间的比例（例如 0.3）</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="194" />
            <source>--cv must be at least 2</source>
            <translation>--cv 至少为 2</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="198" />
            <source>--repeats must be at least 1</source>
            <translation>--repeats 至少为 1</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="207" />
            <source>--missing-rate must be a share from 0 up to (not including) 1 (e.g. 0.2)</source>
            <translation>--missing-rate 必须是从 0 到 1（不含 1）的比例（例如 0.2）</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="196" />
            <source>--cv must be at most {n}</source>
            <translation>--cv 至多为 {n}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="200" />
            <source>--repeats must be at most {n}</source>
            <translation>--repeats 至多为 {n}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="202" />
            <source>--cv {cv} x --repeats {repeats} is {fits} fits; at most {most}</source>
            <translation>--cv {cv} × --repeats {repeats} 共 {fits} 次训练；至多 {most} 次</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="100" />
            <source>--param "{item}" is not K=V</source>
            <translation>--param “{item}”不是 K=V 的形式</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="228" />
            <source>, confidence {confidence}</source>
            <translation>，置信度 {confidence}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="233" />
            <source>{n} rules -&gt; {path}</source>
            <translation>{n} 条规则 -&gt; {path}</translation>
        </message>
        <message>
            <location filename="engine/cli/commands.py" line="230" />
            <source>[support {support}{confidence}, coverage {coverage}]</source>
            <translation>[支持度 {support}{confidence}，覆盖度 {coverage}]</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="44" />
            <source>warning: {message}</source>
            <translation>警告：{message}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="183" />
            <source>hold-out {share}</source>
            <translation>留出法 {share}</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="184" />
            <source>{k}-fold cross-validation</source>
            <translation>{k} 折交叉验证</translation>
        </message>
        <message>
            <location filename="engine/cli/printing.py" line="185" />
            <source>{algorithm} on {file} ({rows} rows), {scheme} x {repeats}</source>
            <translation>{algorithm} 于 {file}（{rows} 行），{scheme} × {repeats}</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="285" />
            <source> (and {n} more)</source>
            <translation>（另有 {n} 处）</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="286" />
            <source>{n} row(s) have no value in the target column "{target}" and are left out of learning: row {row}{more}</source>
            <translation>{n} 行在目标列“{target}”中没有值，不参与学习：第 {row} 行{more}</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="104" />
            <source>the column "{column}" that the model uses is not in the data</source>
            <translation>模型使用的列“{column}”不在数据中</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="168" />
            <source>the column holds text (e.g. "{value}") where the model expects numbers</source>
            <translation>该列含有文本（例如“{value}”），而模型要求数值</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="191" />
            <source>column "{column}": the value "{value}" (row {row}) was not seen in training; treated as missing</source>
            <translation>列“{column}”：值“{value}”（第 {row} 行）在训练中未出现过；按缺失值处理</translation>
        </message>
        <message>
            <location filename="engine/data/encode.py" line="193" />
            <location filename="engine/data/read_csv.py" line="276" />
            <location filename="engine/data/read_csv.py" line="457" />
            <source> (and {n} more rows)</source>
            <translation>（另有 {n} 行）</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="68" />
            <source>delete the stray cells far from the table</source>
            <translation>请删除远离表格的零散单元格</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="69" />
            <source>more than any table this program reads; delete the stray cells far from the table</source>
            <translation>超过本程序能读取的任何表格；请删除远离表格的零散单元格</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="484" />
            <source>the workbook is damaged or truncated (its zip directory is missing); save it again from Excel</source>
            <translation>工作簿已损坏或不完整（缺少 zip 目录）；请用 Excel 重新保存</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="70" />
            <source>the sheet reaches row {rows} and column {column}: {rows} x {cols} = {cells} cells, more than the limit of {limit} for a workbook of {size} ({hint})</source>
            <translation>工作表延伸到第 {rows} 行、第 {column} 列：{rows} × {cols} = {cells} 个单元格，超过 {size} 的工作簿的上限 {limit}（{hint}）</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="75" />
            <source>the sheet declares a size of {cells} cells (its DIMENSIONS record), more than the limit of {limit}; the file is damaged or not made by a spreadsheet program</source>
            <translation>工作表声明的大小为 {cells} 个单元格（其 DIMENSIONS 记录），超过上限 {limit}；文件已损坏，或并非由电子表格程序生成</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="488" />
            <source>the workbook is damaged or not a spreadsheet zip ({error}); save it again from Excel</source>
            <translation>工作簿已损坏或不是电子表格的 zip 文件（{error}）；请用 Excel 重新保存</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="495" />
            <source>the workbook would unpack to {size} bytes, more than the limit of {limit} (a zip bomb?)</source>
            <translation>工作簿解压后将有 {size} 字节，超过上限 {limit}（zip 炸弹？）</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="717" />
            <source>the workbook is damaged or truncated ({reason}); save it again from Excel</source>
            <translation>工作簿已损坏或不完整（{reason}）；请用 Excel 重新保存</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="499" />
            <source>the workbook part "{part}" is compressed {ratio} to 1, far beyond any real workbook (a zip bomb?)</source>
            <translation>工作簿部件“{part}”的压缩比为 {ratio} 比 1，远超任何真实的工作簿（zip 炸弹？）</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="527" />
            <source>the workbook is damaged or truncated (part "{part}": {error})</source>
            <translation>工作簿已损坏或不完整（部件“{part}”：{error}）</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="531" />
            <source>the workbook is damaged: {error}</source>
            <translation>工作簿已损坏：{error}</translation>
        </message>
        <message>
            <location filename="engine/data/extents.py" line="518" />
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
            <location filename="engine/data/read_arff.py" line="194" />
            <source>no @attribute lines: this is not an ARFF file</source>
            <translation>没有 @attribute 行：这不是 ARFF 文件</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="196" />
            <source>the @data section is missing</source>
            <translation>缺少 @data 部分</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="144" />
            <source>the @attribute line cannot be read</source>
            <translation>无法读取 @attribute 行</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="191" />
            <source>unexpected line before @data: "{line}"</source>
            <translation>@data 之前出现意外的行：“{line}”</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="151" />
            <source>the value list { ... } is not closed</source>
            <translation>值列表 { ... } 没有闭合</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="227" />
            <source>the data line has {n} values but {width} attributes are declared</source>
            <translation>数据行有 {n} 个值，但声明了 {width} 个属性</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="236" />
            <location filename="engine/data/read_csv.py" line="239" />
            <source>the table has more than {limit} cells, the limit</source>
            <translation>表格超过 {limit} 个单元格的上限</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="262" />
            <source>"{value}" is not a date in the format "{pattern}" that the attribute declares</source>
            <translation>“{value}”不是属性所声明格式“{pattern}”的日期</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="147" />
            <source>the attribute "{name}" is declared twice</source>
            <translation>属性“{name}”被声明了两次</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="224" />
            <source>the data line cannot be read: {error}</source>
            <translation>无法读取数据行：{error}</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="160" />
            <source>the value "{value}" is declared twice</source>
            <translation>值“{value}”被声明了两次</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="248" />
            <source>the attribute is declared numeric but holds "{value}"</source>
            <translation>该属性声明为数值型，却含有“{value}”</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="156" />
            <source>the value list cannot be read: {error}</source>
            <translation>无法读取值列表：{error}</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="180" />
            <source>relational attributes are not supported</source>
            <translation>不支持关系型（relational）属性</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="183" />
            <source>unknown attribute type "{kind}"</source>
            <translation>未知的属性类型“{kind}”</translation>
        </message>
        <message>
            <location filename="engine/data/read_arff.py" line="176" />
            <source>the date format "{pattern}" cannot be read: {error}</source>
            <translation>无法读取日期格式“{pattern}”：{error}</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="167" />
            <source>the rest of the file</source>
            <translation>文件的其余部分</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="33" />
            <location filename="engine/data/read_excel.py" line="37" />
            <source>the file is empty</source>
            <translation>文件为空</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="62" />
            <source>{place}: the text encoding was not given and was guessed as {encoding}, but {doubt}. If the text looks wrong, give the right encoding (on the command line --encoding ENC, for example --encoding shift_jis, gbk, big5, euc_kr, cp1251) or save the file as UTF-8.</source>
            <translation>{place}：未指定文本编码，推测为 {encoding}，但{doubt}。如果文字显示不对，请指定正确的编码（命令行中用 --encoding ENC，例如 --encoding shift_jis、gbk、big5、euc_kr、cp1251），或把文件另存为 UTF-8。</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="73" />
            <location filename="engine/data/read_csv.py" line="90" />
            <source>the file contains binary data (NUL bytes), not text; is it really a CSV file, or is it damaged?</source>
            <translation>文件含有二进制数据（NUL 字节），不是文本；它真的是 CSV 文件吗？还是已损坏？</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="78" />
            <location filename="engine/data/read_csv.py" line="95" />
            <source>the file contains binary data (control characters), not text; is it really a CSV file?</source>
            <translation>文件含有二进制数据（控制字符），不是文本；它真的是 CSV 文件吗？</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="107" />
            <source> Open it as .xlsx instead (rename it).</source>
            <translation>请改为按 .xlsx 打开（重命名该文件）。</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="175" />
            <source>{place}: the quote that opens in this cell{where} is never closed, so {what} was read into this one cell; if that is wrong, add the closing quote (")</source>
            <translation>{place}：此单元格中{where}开始的引号没有闭合，因此{what}被读入了这一个单元格；如果这不对，请补上闭合引号（"）</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="166" />
            <source> (on line {line})</source>
            <translation>（第 {line} 行）</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="214" />
            <source>the file has no rows</source>
            <translation>文件没有任何行</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="225" />
            <source>row 1 above the header row was skipped</source>
            <translation>表头行上方的第 1 行已跳过</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="30" />
            <location filename="engine/data/read_excel.py" line="39" />
            <source>the file is larger than the limit of {limit} bytes</source>
            <translation>文件大小超过 {limit} 字节的上限</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="102" />
            <source>the delimiter must be one character (not a quote or line break), not {delimiter!r}</source>
            <translation>分隔符必须是一个字符（不能是引号或换行符），而不是 {delimiter!r}</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="108" />
            <source>the file is {kind}, not delimited text.{hint}</source>
            <translation>该文件是{kind}，不是分隔文本。{hint}</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="169" />
            <source> ({lines} lines, {rowlike} of which look like rows of the table)</source>
            <translation>（{lines} 行，其中 {rowlike} 行看起来像表格的行）</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="170" />
            <source> ({lines} lines)</source>
            <translation>（{lines} 行）</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="172" />
            <source>the quote that opens in this cell{where} is never closed, so {what} would be read into this one cell; add the missing closing quote (") or remove the stray one</source>
            <translation>此单元格中{where}开始的引号没有闭合，{what}将被读入这一个单元格；请补上缺少的闭合引号（"），或删除多余的引号</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="277" />
            <location filename="engine/data/read_csv.py" line="458" />
            <source>row {row}{more} has fewer fields than the header; the missing fields are read as missing values</source>
            <translation>第 {row} 行{more}的字段比表头少；缺少的字段按缺失值读取</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="44" />
            <source>"{encoding}" is not a text encoding this program knows</source>
            <translation>“{encoding}”不是本程序认识的文本编码</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="49" />
            <source>the file is not valid {encoding} text (byte {byte}); it was probably saved in another encoding: choose the right one, or save it as UTF-8</source>
            <translation>文件不是有效的 {encoding} 文本（第 {byte} 字节）；它可能是用其他编码保存的：请选择正确的编码，或另存为 UTF-8</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="207" />
            <source>the header row {row} is empty: choose the row that holds the column names</source>
            <translation>表头行 {row} 为空：请选择包含列名的行</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="216" />
            <source>the header row cannot be read: {error}</source>
            <translation>无法读取表头行：{error}</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="224" />
            <source>rows 1-{last} above the header row were skipped</source>
            <translation>表头行上方的第 1-{last} 行已跳过</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="233" />
            <source>the row cannot be read: {error}</source>
            <translation>无法读取该行：{error}</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="211" />
            <source>the header row {row} is below the last row ({last}): choose the row that holds the column names</source>
            <translation>表头行 {row} 在最后一行（{last}）之下：请选择包含列名的行</translation>
        </message>
        <message>
            <location filename="engine/data/read_csv.py" line="261" />
            <source>the row has {fields} fields but the header has {width}; a delimiter ("{delimiter}") inside a value, or a missing quote?</source>
            <translation>该行有 {fields} 个字段，而表头有 {width} 个；是值中含有分隔符（"{delimiter}"），还是缺少引号？</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="178" />
            <source>the sheet is empty</source>
            <translation>工作表为空</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="49" />
            <source>plain text (a CSV file renamed?)</source>
            <translation>纯文本（被改名的 CSV 文件？）</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="49" />
            <source>not a workbook</source>
            <translation>不是工作簿</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="50" />
            <source> Rename it to .csv and open it again.</source>
            <translation>请将其改名为 .csv 后重新打开。</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="58" />
            <source>the workbook is password-protected; save an unprotected copy</source>
            <translation>工作簿受密码保护；请另存一份未加保护的副本</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="100" />
            <source>the workbook has no worksheets</source>
            <translation>工作簿中没有工作表</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="186" />
            <source>above the first filled row</source>
            <translation>在第一个非空行之上</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="53" />
            <source>the file is {kind}, not an Excel workbook ({suffix}).{hint}</source>
            <translation>该文件是{kind}，不是 Excel 工作簿（{suffix}）。{hint}</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="114" />
            <source>the first sheet ("{first}") is not a table; the sheet "{sheet}" was read (choose another sheet to read that one)</source>
            <translation>第一个工作表（“{first}”）不是表格；已读取工作表“{sheet}”（如需读取其他工作表，请另行选择）</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="187" />
            <source>empty</source>
            <translation>为空</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="200" />
            <source>row {row} ("{title}") looks like a title above the table and was skipped: the column names are read from row {header}</source>
            <translation>第 {row} 行（“{title}”）看起来是表格上方的标题，已跳过：列名从第 {header} 行读取</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="224" />
            <source>{n} blank row(s) inside the sheet were skipped</source>
            <translation>工作表中的 {n} 个空行已跳过</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="61" />
            <source>the workbook cannot be read ({reason}); it may be damaged or truncated</source>
            <translation>无法读取工作簿（{reason}）；它可能已损坏或不完整</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="154" />
            <source>the sheet has {rows} rows x {columns} columns, more than the limit of {limit} cells</source>
            <translation>工作表有 {rows} 行 × {columns} 列，超过 {limit} 个单元格的上限</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="163" />
            <source>the sheet cannot be read ({reason}); the workbook may be damaged</source>
            <translation>无法读取工作表（{reason}）；工作簿可能已损坏</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="188" />
            <source>the header row {row} is {where}: choose the row that holds the column names</source>
            <translation>表头行 {row} {where}：请选择包含列名的行</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="65" />
            <source>the workbook cannot be read ({reason}); it is damaged</source>
            <translation>无法读取工作簿（{reason}）；它已损坏</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="105" />
            <source>there is no sheet "{sheet}"; the sheets are: {sheets}</source>
            <translation>没有工作表“{sheet}”；现有工作表：{sheets}</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="168" />
            <source>the sheet cannot be read ({reason}); the workbook is damaged</source>
            <translation>无法读取工作表（{reason}）；工作簿已损坏</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="187" />
            <source>below the last row ({last})</source>
            <translation>在最后一行（{last}）之下</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="192" />
            <source>rows {first}-{last} above the header row were skipped</source>
            <translation>表头行上方的第 {first}-{last} 行已跳过</translation>
        </message>
        <message>
            <location filename="engine/data/read_excel.py" line="194" />
            <source>row {row} above the header row was skipped</source>
            <translation>表头行上方的第 {row} 行已跳过</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="329" />
            <source>a control character</source>
            <translation>一个控制字符</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="349" />
            <source>the first row is empty; the first row must name the columns</source>
            <translation>第一行为空；第一行必须给出列名</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="376" />
            <source>the table has a header but no data rows</source>
            <translation>表格有表头，但没有数据行</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="296" />
            <source>the header cell is longer than 1,000 characters; is the first row really a header?</source>
            <translation>表头单元格超过 1,000 个字符；第一行真的是表头吗？</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="330" />
            <source>{n} control or text-direction characters in the table, the first</source>
            <translation>表格中有 {n} 个控制字符或文字方向字符，第一个</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="332" />
            <source>{place}: {count} ({char}) is shown as the escape "{escape}" (such characters would disturb the screen, exports and other programs). Check the file: it may be damaged or tampered with.</source>
            <translation>{place}：{count}（{char}）显示为转义“{escape}”（这类字符会扰乱屏幕显示、导出文件和其他程序）。请检查文件：它可能已损坏或被篡改。</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="525" />
            <source> and {n} more</source>
            <translation>及另外 {n} 处</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="528" />
            <source>column "{name}" is numeric except for "{text}" in row {row}{more}; it is read as nominal (text). Fix those cells to use it as a number.</source>
            <translation>列“{name}”除第 {row} 行的“{text}”{more}外均为数值；该列按名义型（文本）读取。修正这些单元格后才能作为数值使用。</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="378" />
            <source>{n} columns is more than the limit of {limit}</source>
            <translation>{n} 列超过 {limit} 列的上限</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="381" />
            <source>{rows} rows x {columns} columns is more than the limit of {limit} cells</source>
            <translation>{rows} 行 × {columns} 列超过 {limit} 个单元格的上限</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="476" />
            <location filename="engine/data/table.py" line="559" />
            <source>a cell holds {n} characters, more than the limit of {limit}</source>
            <translation>单元格有 {n} 个字符，超过 {limit} 的上限</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="638" />
            <source>the value is not a finite number ({value}: too large, or infinity); fix or clear the cell</source>
            <translation>该值不是有限数（{value}：过大或为无穷大）；请修正或清空该单元格</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="303" />
            <source>the header names "{name}" twice (columns {first} and {second}); give each column its own name</source>
            <translation>表头中“{name}”出现了两次（第 {first} 列和第 {second} 列）；请给每列取不同的名字</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="365" />
            <source>column {column} has values (first in row {row}) but no name in the header row (row {header}; if the column names are on another row, choose it: Header row on the Data tab, or --header-row N)</source>
            <translation>第 {column} 列有值（首个在第 {row} 行），但在表头行（第 {header} 行）中没有列名；如果列名在另一行，请选择该行：“数据”页的“表头行”，或 --header-row N</translation>
        </message>
        <message>
            <location filename="engine/data/table.py" line="667" />
            <source>the value "{value}" is not among the values the header declares ({values})</source>
            <translation>值“{value}”不在表头声明的取值之中（{values}）</translation>
        </message>
        <message>
            <location filename="engine/errors.py" line="63" />
            <source>, </source>
            <translation>，</translation>
        </message>
        <message>
            <location filename="engine/errors.py" line="121" />
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
            <location filename="engine/export.py" line="43" />
            <source>accuracy</source>
            <translation>准确率</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="43" />
            <source>hierarchical_accuracy</source>
            <translation>层次准确率</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="44" />
            <source>label_precision</source>
            <translation>标签精度</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="44" />
            <source>mae</source>
            <translation>平均绝对误差（MAE）</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="44" />
            <source>leaves</source>
            <translation>叶节点数</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="45" />
            <source>single_case_leaves</source>
            <translation>单样本叶节点数</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="45" />
            <source>depth</source>
            <translation>树深度</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="45" />
            <source>fit_seconds</source>
            <translation>训练时间（秒）</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="46" />
            <source>predict_seconds</source>
            <translation>预测时间（秒）</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="46" />
            <source>nonmonotone_pairs</source>
            <translation>非单调对数</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="46" />
            <source>nmi</source>
            <translation>归一化互信息（NMI）</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="47" />
            <source>avg_total_cost</source>
            <translation>平均总代价</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="47" />
            <source>avg_test_cost</source>
            <translation>平均测试代价</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="48" />
            <source>avg_waiting_cost</source>
            <translation>平均等待时间代价</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="48" />
            <source>avg_misclassification_cost</source>
            <translation>平均误分类代价</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="49" />
            <source>avg_common_cost_saved</source>
            <translation>平均节省的公共代价</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="49" />
            <source>pending_rate</source>
            <translation>待定率</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="50" />
            <source>misclassification_rate</source>
            <translation>误分类率</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="50" />
            <source>attributes_used</source>
            <translation>所用属性数</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="51" />
            <source>inverted_pairs</source>
            <translation>逆序对数</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="51" />
            <source>missing_rate</source>
            <translation>缺失率</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="188" />
            <source>Rules</source>
            <translation>规则</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="201" />
            <source>Tree</source>
            <translation>决策树</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="216" />
            <source>metric</source>
            <translation>指标</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="216" />
            <source>mean</source>
            <translation>均值</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="216" />
            <source>std</source>
            <translation>标准差</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="222" />
            <source>Metrics</source>
            <translation>指标</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="234" />
            <source>Settings</source>
            <translation>设置</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="279" />
            <source>Levels</source>
            <translation>层次</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="169" />
            <source>label level</source>
            <translation>标签层次</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="169" />
            <source>label precision</source>
            <translation>标签精度</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="215" />
            <source>training rows, from the leaves' class counts (optimistic)</source>
            <translation>训练集的行，按叶节点的类别计数（偏乐观）</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="218" />
            <source>scored on</source>
            <translation>评估数据</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="234" />
            <source>setting</source>
            <translation>设置项</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="234" />
            <source>value</source>
            <translation>值</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="61" />
            <source>accuracy at level {level}</source>
            <translation>第 {level} 层准确率</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="170" />
            <source>support</source>
            <translation>支持度</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="170" />
            <source>confidence</source>
            <translation>置信度</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="170" />
            <source>coverage</source>
            <translation>覆盖度</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="202" />
            <source>children</source>
            <translation>子节点</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="284" />
            <source>level {level}: rows the true label there, columns the answer</source>
            <translation>第 {level} 层：行为该层的真实标签，列为预测结果</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="287" />
            <source>PENDING</source>
            <translation>待定</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="170" />
            <source>rule</source>
            <translation>规则</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="170" />
            <source>IF (conditions)</source>
            <translation>如果（条件）</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="170" />
            <source>THEN</source>
            <translation>则</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="201" />
            <source>node</source>
            <translation>节点</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="201" />
            <source>parent</source>
            <translation>父节点</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="201" />
            <source>kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="201" />
            <source>test</source>
            <translation>测试</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="201" />
            <source>label</source>
            <translation>标签</translation>
        </message>
        <message>
            <location filename="engine/export.py" line="201" />
            <source>weight</source>
            <translation>权重</translation>
        </message>
        <message>
            <location filename="engine/tree/rules.py" line="68" />
            <source>IF {conditions} THEN {label}</source>
            <translation>如果 {conditions} 则 {label}</translation>
        </message>
        <message>
            <location filename="engine/tree/rules.py" line="69" />
            <source> AND </source>
            <translation> 且 </translation>
        </message>
        <message>
            <location filename="engine/tree/rules.py" line="70" />
            <source>TRUE</source>
            <translation>无条件</translation>
        </message>
    </context>
</TS>
