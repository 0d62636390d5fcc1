; Inno Setup 6 script: installs the one-folder bundle (dist\RuleTree) with a Start-menu
; entry, an optional desktop icon, the .rtproj file type and an uninstaller.
;
;   iscc /DSourceDir=C:\path\OUT\RuleTree /DAppVersion=0.1.0 /DOutputDir=C:\path\OUT packaging\windows\ruletree.iss
;
; Per-user install by default (no administrator rights needed); the wizard offers
; "install for all users". See packaging/README.md.

#define AppName "RuleTree Studio"
#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\RuleTree"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif

[Setup]
; keep this AppId forever: upgrades and the uninstaller find the installation by it
AppId={{6B0E8A52-3C1D-4E7A-9F25-8D4C2B7A1E90}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=RuleTree Studio
DefaultDirName={autopf}\RuleTree Studio
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename=RuleTree-{#AppVersion}-windows-x64-setup
SetupIconFile=ruletree.ico
UninstallDisplayIcon={app}\RuleTreeW.exe
UninstallDisplayName={#AppName} {#AppVersion}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ChangesAssociations=yes
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; an upgrade replaces the whole bundle: no stale libraries from the previous version
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\RuleTreeW.exe"; WorkingDir: "{userdocs}"
Name: "{autoprograms}\Uninstall {#AppName}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\RuleTreeW.exe"; WorkingDir: "{userdocs}"; Tasks: desktopicon

[Registry]
Root: HKA; Subkey: "Software\Classes\.rtproj"; ValueType: string; ValueName: ""; ValueData: "RuleTreeStudio.Project"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\RuleTreeStudio.Project"; ValueType: string; ValueName: ""; ValueData: "RuleTree project"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\RuleTreeStudio.Project\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\RuleTreeW.exe,0"
Root: HKA; Subkey: "Software\Classes\RuleTreeStudio.Project\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\RuleTreeW.exe"" ""%1"""

[Run]
Filename: "{app}\RuleTreeW.exe"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; compiled kernels of this user (rebuilt on the next start); projects, sessions and logs are kept
Type: filesandordirs; Name: "{localappdata}\RuleTree Studio\numba-cache"
