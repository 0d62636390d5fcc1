# Release workflow, Windows job: install the Inno Setup installer silently for the current user,
# run the installed RuleTree.exe --selftest on a fresh user folder, open the demo project the way
# a double-click does (the .rtproj association's command, offscreen), uninstall silently and check
# that the program, its Start-menu entry, the association and the uninstall entry are gone.
#
#   pwsh packaging/windows/install_test.ps1 -Installer dist\RuleTree-0.1.0-windows-x64-setup.exe
#
# Every step writes an "install: " line; any failure throws (exit 1).
param([Parameter(Mandatory = $true)][string]$Installer)
$ErrorActionPreference = "Stop"
Set-StrictMode -Version Latest

$AppId = "{6B0E8A52-3C1D-4E7A-9F25-8D4C2B7A1E90}_is1"  # AppId in ruletree.iss, plus Inno's "_is1"
$UninstallKey = "HKCU:\Software\Microsoft\Windows\CurrentVersion\Uninstall\$AppId"
$Setup = (Resolve-Path $Installer).Path
$Work = Join-Path ([System.IO.Path]::GetTempPath()) ("ruletree-install-test-" + [guid]::NewGuid().ToString("N").Substring(0, 8))
New-Item -ItemType Directory -Force -Path $Work | Out-Null

function Wait-Until([scriptblock]$Condition, [int]$Seconds, [string]$What) {
    $deadline = (Get-Date).AddSeconds($Seconds)
    while (-not (& $Condition)) {
        if ((Get-Date) -gt $deadline) { throw "install: $What (waited $Seconds s)" }
        Start-Sleep -Seconds 1
    }
}

# 1. install (per user: no administrator rights, as a double-click with the default choice)
$start = Get-Date
$log = Join-Path $Work "setup.log"
$p = Start-Process -FilePath $Setup -ArgumentList "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/CURRENTUSER", "/LOG=`"$log`"" -Wait -PassThru
if ($p.ExitCode -ne 0) { Get-Content $log -Tail 40; throw "install: setup exited with $($p.ExitCode)" }
if (-not (Test-Path $UninstallKey)) { throw "install: no uninstall entry $UninstallKey" }
$Dir = (Get-ItemProperty $UninstallKey).InstallLocation.TrimEnd("\")
$Exe = Join-Path $Dir "RuleTree.exe"
$ExeW = Join-Path $Dir "RuleTreeW.exe"
foreach ($f in $Exe, $ExeW) { if (-not (Test-Path $f)) { throw "install: $f is missing" } }
Write-Host ("install: installed with /VERYSILENT in {0:N0} s into $Dir" -f ((Get-Date) - $start).TotalSeconds)

$StartMenu = Join-Path ([Environment]::GetFolderPath("Programs")) "RuleTree Studio.lnk"
if (-not (Test-Path $StartMenu)) { throw "install: no Start-menu entry $StartMenu" }
$assoc = (Get-ItemProperty "HKCU:\Software\Classes\.rtproj").'(default)'
$open = (Get-ItemProperty "HKCU:\Software\Classes\RuleTreeStudio.Project\shell\open\command").'(default)'
if ($assoc -ne "RuleTreeStudio.Project" -or $open -notlike "*RuleTreeW.exe*%1*") {
    throw "install: .rtproj association: $assoc, command $open"
}
Write-Host "install: Start-menu entry and .rtproj association ($open) in place"

# 2. the installed program's self-test on a fresh user folder
$user = Join-Path $Work "user"
Remove-Item Env:NUMBA_CACHE_DIR -ErrorAction SilentlyContinue
$env:RULETREE_DATA_DIR = $user
$start = Get-Date
& $Exe --selftest
if ($LASTEXITCODE -ne 0) { throw "install: $Exe --selftest failed (exit $LASTEXITCODE)" }
Write-Host ("install: installed RuleTree.exe --selftest OK in {0:N0} s" -f ((Get-Date) - $start).TotalSeconds)

# 3. a double-click on a project: the association's command with %1 = a copy of the demo project;
#    opened when the window lists it in its recent files (QSettings: HKCU\Software\RuleTree Studio)
$projects = Join-Path $Work "projects"
New-Item -ItemType Directory -Force -Path $projects | Out-Null
Copy-Item (Join-Path $Dir "_internal\resources\demo\car_evaluation.rtproj"), (Join-Path $Dir "_internal\resources\demo\car_evaluation.xlsx") $projects
$project = Join-Path $projects "car_evaluation.rtproj"
$settingsKey = "HKCU:\Software\RuleTree Studio\RuleTree Studio"
Remove-Item -Recurse -Force $settingsKey -ErrorAction SilentlyContinue
$env:QT_QPA_PLATFORM = "offscreen"
$command = $open.Replace("%1", $project)
$exePart = $command.Substring(1, $command.IndexOf('"', 1) - 1)
$app = Start-Process -FilePath $exePart -ArgumentList "`"$project`"" -PassThru
Remove-Item Env:QT_QPA_PLATFORM
try {
    Wait-Until {
        $recent = (Get-ItemProperty $settingsKey -ErrorAction SilentlyContinue)
        $recent -and ($recent.PSObject.Properties.Name -contains "recent") -and ((@($recent.recent) -join "|") -like "*car_evaluation.rtproj*")
    } 180 "the window did not open $project (not in its recent files)"
} finally {
    if (-not $app.HasExited) { Stop-Process -Id $app.Id -Force }
}
Write-Host "install: project opened through the .rtproj association (the window lists it in its recent files); window closed"
Remove-Item -Recurse -Force $settingsKey -ErrorAction SilentlyContinue

# 4. uninstall silently (the uninstaller restarts itself from %TEMP%: wait for the files to go)
$start = Get-Date
$uninstaller = (Get-ItemProperty $UninstallKey).UninstallString.Trim('"')
$p = Start-Process -FilePath $uninstaller -ArgumentList "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART" -Wait -PassThru
if ($p.ExitCode -ne 0) { throw "install: the uninstaller exited with $($p.ExitCode)" }
Wait-Until { -not (Test-Path $Exe) -and -not (Test-Path $UninstallKey) } 180 "the uninstaller left $Exe or $UninstallKey"
foreach ($left in $StartMenu, "HKCU:\Software\Classes\RuleTreeStudio.Project") {
    if (Test-Path $left) { throw "install: left after uninstalling: $left" }
}
Write-Host ("install: uninstalled with /VERYSILENT in {0:N0} s: program, Start-menu entry, association and uninstall entry gone" -f ((Get-Date) - $start).TotalSeconds)
Remove-Item -Recurse -Force $Work -ErrorAction SilentlyContinue
Write-Host "install: OK"
