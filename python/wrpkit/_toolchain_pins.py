"""CUDA releases `wrpkit toolchain install` knows: each compiler wheel pinned with the
SHA-256 and size of every Linux file of it. Written by scripts/pin-toolchains from PyPI; do
not edit by hand."""

# release: [(package, version, [(wheel file, sha256, bytes)])]
PINS = {
    "12.4": [
        ("nvidia-nvjitlink-cu12", "12.4.127", [
            ("nvidia_nvjitlink_cu12-12.4.127-py3-none-manylinux2014_x86_64.whl",
             "06b3b9b25bf3f8af351d664978ca26a16d2c5127dbd53c0497e28d1fb9611d57", 21066810),
            ("nvidia_nvjitlink_cu12-12.4.127-py3-none-manylinux2014_aarch64.whl",
             "4abe7fef64914ccfa909bc2ba39739670ecc9e820c83ccc7a6ed414122599b83", 20552510),
        ]),
        ("nvidia-cuda-nvrtc-cu12", "12.4.127", [
            ("nvidia_cuda_nvrtc_cu12-12.4.127-py3-none-manylinux2014_x86_64.whl",
             "a178759ebb095827bd30ef56598ec182b85547f1508941a3d560eb7ea1fbf338", 24640306),
            ("nvidia_cuda_nvrtc_cu12-12.4.127-py3-none-manylinux2014_aarch64.whl",
             "0eedf14185e04b76aa05b1fea04133e59f465b6f960c0cbf4e37c3cb6b0ea198", 24133372),
        ]),
        ("nvidia-nvfatbin-cu12", "12.4.127", [
            ("nvidia_nvfatbin_cu12-12.4.127-py3-none-manylinux2014_x86_64.whl",
             "55b07fad4a7c67b9d48c220e96f682853c5208e5ede8f4928bee40b637a561d2", 932214),
            ("nvidia_nvfatbin_cu12-12.4.127-py3-none-manylinux2014_aarch64.whl",
             "d0523d0a0468a0d79eb25b9ff54336f263205e46a03d955ec2c6de89a47cd19a", 877667),
        ]),
    ],
    "12.5": [
        ("nvidia-nvjitlink-cu12", "12.5.82", [
            ("nvidia_nvjitlink_cu12-12.5.82-py3-none-manylinux2014_x86_64.whl",
             "f9b37bc5c8cf7509665cb6ada5aaa0ce65618f2332b7d3e78e9790511f111212", 21298879),
            ("nvidia_nvjitlink_cu12-12.5.82-py3-none-manylinux2014_aarch64.whl",
             "98103729cc5226e13ca319a10bbf9433bbbd44ef64fe72f45f067cacc14b8d27", 20774026),
        ]),
        ("nvidia-cuda-nvrtc-cu12", "12.5.82", [
            ("nvidia_cuda_nvrtc_cu12-12.5.82-py3-none-manylinux2014_x86_64.whl",
             "3dbd97b0104b4bfbc3c4f8c79cd2496307c89c43c29a9f83125f1d76296ff3fd", 24873108),
            ("nvidia_cuda_nvrtc_cu12-12.5.82-py3-none-manylinux2014_aarch64.whl",
             "5bb6a0eb01d4974bb7ca3d48bd3859472debb3c3057a5e7de2b08fbdf35eed7e", 24349525),
        ]),
        ("nvidia-nvfatbin-cu12", "12.5.82", [
            ("nvidia_nvfatbin_cu12-12.5.82-py3-none-manylinux2014_x86_64.whl",
             "69d523473c198809a1a9bbfd74ba2a5d014e9eb6dea51bdc4f5740e0de034129", 947474),
            ("nvidia_nvfatbin_cu12-12.5.82-py3-none-manylinux2014_aarch64.whl",
             "fbd0357b6794eb583eaea972fedcee8a1092611c01004af74ce56d59a655c778", 896924),
        ]),
    ],
    "12.6": [
        ("nvidia-nvjitlink-cu12", "12.6.85", [
            ("nvidia_nvjitlink_cu12-12.6.85-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "eedc36df9e88b682efe4309aa16b5b4e78c2407eac59e8c10a6a47535164369a", 19744971),
            ("nvidia_nvjitlink_cu12-12.6.85-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "cf4eaa7d4b6b543ffd69d6abfb11efdeb2db48270d94dfd3a452c24150829e41", 19270338),
        ]),
        ("nvidia-cuda-nvrtc-cu12", "12.6.85", [
            ("nvidia_cuda_nvrtc_cu12-12.6.85-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "800927308ccc5dd6246d3f61f7fcef2ed7ec4e59e199090d360d3293f78bd5a2", 23649944),
            ("nvidia_cuda_nvrtc_cu12-12.6.85-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "3f3134f50963882373063901657554f230bedf6039d30b09f6be55c64c993a37", 23162872),
        ]),
        ("nvidia-nvfatbin-cu12", "12.6.77", [
            ("nvidia_nvfatbin_cu12-12.6.77-py3-none-manylinux1_x86_64.manylinux_2_5_x86_64.whl",
             "4aa00463f1d1c872fad3b293461ad86c7c821c8b995f0a26d09e8d852c136f39", 948456),
            ("nvidia_nvfatbin_cu12-12.6.77-py3-none-manylinux2014_x86_64.whl",
             "8b4e6915207dc9259f337b4bf88d9d889b8733aeec763f381a145e619ab547a7", 948450),
            ("nvidia_nvfatbin_cu12-12.6.77-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "9eeab64b9e5b26f926a917db746efcb29fef923179793feec6aa7a10178ca63b", 898215),
            ("nvidia_nvfatbin_cu12-12.6.77-py3-none-manylinux2014_aarch64.whl",
             "633b241c6fe6c20a285502e0b7c251d65600e7830ce36cb71e0a8b35a164ccd7", 898204),
        ]),
    ],
    "12.8": [
        ("nvidia-nvjitlink-cu12", "12.8.93", [
            ("nvidia_nvjitlink_cu12-12.8.93-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "81ff63371a7ebd6e6451970684f916be2eab07321b73c9d244dc2b4da7f73b88", 39254836),
            ("nvidia_nvjitlink_cu12-12.8.93-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "adccd7161ace7261e01bb91e44e88da350895c270d23f744f0820c818b7229e7", 38386204),
        ]),
        ("nvidia-cuda-nvrtc-cu12", "12.8.93", [
            ("nvidia_cuda_nvrtc_cu12-12.8.93-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "a7756528852ef889772a84c6cd89d41dfa74667e24cca16bb31f8f061e3e9994", 88040029),
            ("nvidia_cuda_nvrtc_cu12-12.8.93-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "fc1fec1e1637854b4c0a65fb9a8346b51dd9ee69e61ebaccc82058441f15bce8", 43106076),
        ]),
        ("nvidia-nvfatbin-cu12", "12.8.90", [
            ("nvidia_nvfatbin_cu12-12.8.90-py3-none-manylinux1_x86_64.manylinux_2_5_x86_64.whl",
             "90292d3c8d234dfad7cb6eb5f7d219ad1bd024eb62e07d13a0d244e4b7fa9b61", 959572),
            ("nvidia_nvfatbin_cu12-12.8.90-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "1144eddac5baa6c94576ed73c42511ad700a364f47505c13e5e010186389a509", 907757),
        ]),
    ],
    "12.9": [
        ("nvidia-nvjitlink-cu12", "12.9.86", [
            ("nvidia_nvjitlink_cu12-12.9.86-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "e3f1171dbdc83c5932a45f0f4c99180a70de9bd2718c1ab77d14104f6d7147f9", 39748338),
            ("nvidia_nvjitlink_cu12-12.9.86-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "994a05ef08ef4b0b299829cde613a424382aff7efb08a7172c1fa616cc3af2ca", 39514880),
        ]),
        ("nvidia-cuda-nvrtc-cu12", "12.9.86", [
            ("nvidia_cuda_nvrtc_cu12-12.9.86-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "210cf05005a447e29214e9ce50851e83fc5f4358df8b453155d5e1918094dcb4", 89568129),
            ("nvidia_cuda_nvrtc_cu12-12.9.86-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "096d4de6bda726415dfaf3198d4f5c522b8e70139c97feef5cd2ca6d4cd9cead", 44528905),
        ]),
        ("nvidia-nvfatbin-cu12", "12.9.82", [
            ("nvidia_nvfatbin_cu12-12.9.82-py3-none-manylinux1_x86_64.manylinux_2_5_x86_64.whl",
             "16cbfbd12287508212f22f42dff6ff51cf9b528b906f57f615b080da16dea1ea", 966865),
            ("nvidia_nvfatbin_cu12-12.9.82-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "92d516bdb9287970cecbf855a0fd39d09599db806148038e1ed2cf0eaef92af2", 913672),
        ]),
    ],
    "13.0": [
        ("nvidia-nvjitlink", "13.0.88", [
            ("nvidia_nvjitlink-13.0.88-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "13a74f429e23b921c1109976abefacc69835f2f433ebd323d3946e11d804e47b", 40713933),
            ("nvidia_nvjitlink-13.0.88-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "e931536ccc7d467a98ba1d8b89ff7fa7f1fa3b13f2b0069118cd7f47bff07d0c", 38768748),
        ]),
        ("nvidia-cuda-nvrtc", "13.0.88", [
            ("nvidia_cuda_nvrtc-13.0.88-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "ad9b6d2ead2435f11cbb6868809d2adeeee302e9bb94bcf0539c7a40d80e8575", 90215200),
            ("nvidia_cuda_nvrtc-13.0.88-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "d27f20a0ca67a4bb34268a5e951033496c5b74870b868bacd046b1b8e0c3267b", 43015449),
        ]),
        ("nvidia-nvfatbin", "13.0.85", [
            ("nvidia_nvfatbin-13.0.85-py3-none-manylinux1_x86_64.manylinux_2_5_x86_64.whl",
             "5e05287b34c02cb6a7c6d9bbb0bbe6da34665fad49878f30e3a722b4747eb676", 975621),
            ("nvidia_nvfatbin-13.0.85-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "df13bfe5301c8a4209fccd69b88f2bb2342341b668c9a62d18ff995a6bd87e70", 923106),
        ]),
    ],
    "13.1": [
        ("nvidia-nvjitlink", "13.1.115", [
            ("nvidia_nvjitlink-13.1.115-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "658e87d42ac6be82ae2c56eb9abe45bc8de45b7cf7692d24f86848f0266d121b", 40920528),
            ("nvidia_nvjitlink-13.1.115-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "72bb753de9c968f2b4d885ac3e0129995f8701c48d24325bbf21b7a631d2d5c9", 38848076),
        ]),
        ("nvidia-cuda-nvrtc", "13.1.115", [
            ("nvidia_cuda_nvrtc-13.1.115-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "d7cf1284ab82f379884decc8813d9d4a729bc96b1ec020a9cf80303f698d73c4", 46564545),
            ("nvidia_cuda_nvrtc-13.1.115-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "dfbc5e3bb19db41e4a05280b7b0cb9cbb624699f57dab3798455f43345541f99", 44308134),
        ]),
        ("nvidia-nvfatbin", "13.1.115", [
            ("nvidia_nvfatbin-13.1.115-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "938dee9c765086088f11a2f609eb3ca6184a2eabeec2980302e7b74fc765fbec", 979982),
            ("nvidia_nvfatbin-13.1.115-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "adb390ecfdda276feacaa65a6cd96803a6ca17522b4b35aaf022bb5c08e918c9", 918442),
        ]),
    ],
    "13.2": [
        ("nvidia-nvjitlink", "13.2.86", [
            ("nvidia_nvjitlink-13.2.86-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "285a9cead9924391588d794400bdd7e8f9d1a277a7d78ed79acfa0ea702a14dd", 41370546),
            ("nvidia_nvjitlink-13.2.86-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "4c90580631da1670c2cecfbdf8365247c4bfd9eabb4de63f2e3004223d1b7f5f", 39286056),
        ]),
        ("nvidia-cuda-nvrtc", "13.2.86", [
            ("nvidia_cuda_nvrtc-13.2.86-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "8111c5130e967b78222ea2124145f8efe9ce201b752b2579a2513100a53be1c5", 47018468),
            ("nvidia_cuda_nvrtc-13.2.86-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "1e5d7b411a2eb83f5c71c98d58133a763fc9fa86a4241ee320c5c4782d9ad1fd", 44755454),
        ]),
        ("nvidia-nvfatbin", "13.2.86", [
            ("nvidia_nvfatbin-13.2.86-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "fb93a5bd4936a3893a5e3d73ad64d5683b4425bb2852fe6c4084715f5b794217", 558096),
            ("nvidia_nvfatbin-13.2.86-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "a3b682933d5f559390464899a6f0039e1bb0722235830b27d2ae44af8dc7440a", 546184),
        ]),
    ],
    "13.3": [
        ("nvidia-nvjitlink", "13.3.33", [
            ("nvidia_nvjitlink-13.3.33-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "26a6de7fb4c8fdaa7703d3dad720d6d427ddfea5c48a528fd97c11733ad830e5", 40742423),
            ("nvidia_nvjitlink-13.3.33-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "ce48b37dfeb3cb1eae4cf85adacb47d7a6539ea2272870c9a3628ce275c2037e", 39168635),
        ]),
        ("nvidia-cuda-nvrtc", "13.3.33", [
            ("nvidia_cuda_nvrtc-13.3.33-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "82530788b8c6164a54d3fd9ae8bcca8893d397c4aeb998861982a03bbe41e204", 51110910),
            ("nvidia_cuda_nvrtc-13.3.33-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "7b05ecda494c6dabc44231a608b060a71008a730d9dfda932cc508e6d29159e0", 49260054),
        ]),
        ("nvidia-nvfatbin", "13.3.29", [
            ("nvidia_nvfatbin-13.3.29-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "16b9003c7d17f09525b4cc7221754182c390104ead60113248697d01bd3d481a", 559740),
            ("nvidia_nvfatbin-13.3.29-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "fc5a37ee1cac6b52ede3b932f070df9579ee1a1449cdf66cfddb5f39aad21770", 547631),
        ]),
    ],
    "13.4": [
        ("nvidia-nvjitlink", "13.4.92", [
            ("nvidia_nvjitlink-13.4.92-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "e0391f24ed94ec879b84e3da4d4ec320c879aff681f2c7a638462f7199284323", 42452378),
            ("nvidia_nvjitlink-13.4.92-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "25f74fad0d654271c921ac4dca614bd6258bc21791242fc7b2289dad7ae9c099", 40420120),
        ]),
        ("nvidia-cuda-nvrtc", "13.4.92", [
            ("nvidia_cuda_nvrtc-13.4.92-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "5ce8c97b00b232c4f50c8c4b5a3b68cafee08bdb82ea86f2052ff01d03194f4a", 53301733),
            ("nvidia_cuda_nvrtc-13.4.92-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "24b9f5eccc6a5a19779038cf468aecb7cecfa8716269beaef5640bd989d21c28", 50927348),
        ]),
        ("nvidia-nvfatbin", "13.4.92", [
            ("nvidia_nvfatbin-13.4.92-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "7fb72f39eaca2097e146b588411805074d2c6086e49412c55f553633e40e7f3c", 559937),
            ("nvidia_nvfatbin-13.4.92-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "1607f2db5ed0eb6ac4732f97fcdb2b3bcf6f5bf87d1faf18184285886198c8ab", 547979),
        ]),
    ],
    "13.5": [
        ("nvidia-nvjitlink", "13.5.37", [
            ("nvidia_nvjitlink-13.5.37-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "280d7cb9649704145f074b8dbde500de04ce02d0872e066e20a83c17bcaa93eb", 46642491),
            ("nvidia_nvjitlink-13.5.37-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "893f6f9a55b2720ed94913b5ba3332e972da8c78dfa2863d0244403dbd528ffc", 45253761),
        ]),
        ("nvidia-cuda-nvrtc", "13.5.37", [
            ("nvidia_cuda_nvrtc-13.5.37-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "86b4d68058807988b7d9af5b44917a0601e9c337f35ccd657bfb3c759ff8d8bc", 58185930),
            ("nvidia_cuda_nvrtc-13.5.37-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "36e4fa2a8ada293f5693d308e531c196ab6f91cf7a0ff479bf96a537d43a6096", 56419462),
        ]),
        ("nvidia-nvfatbin", "13.5.37", [
            ("nvidia_nvfatbin-13.5.37-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
             "35e17e8abcfc1fb5ffe08746ca6bc4e497e9305beab28b17d722a8f2f50f7581", 564036),
            ("nvidia_nvfatbin-13.5.37-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl",
             "f0f5795d078a00be414e623f39e51e5b6f0dd932762b74db595a2fded3bd2ef0", 576066),
        ]),
    ],
}
